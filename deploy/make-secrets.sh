#!/bin/sh
# Makes the secrets compose.postgres.yaml reads from files: a random database password and the
# DATABASE_URL built from it. Existing files are kept, so running it again changes nothing.
set -eu
cd "$(dirname "$0")"
mkdir -p secrets
chmod 700 secrets
if [ ! -s secrets/postgres_password ]; then
  password="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  printf '%s' "$password" >secrets/postgres_password
  printf 'postgres://hearth:%s@postgres:5432/hearth' "$password" >secrets/database_url
fi
# The containers read them as their own unprivileged users; the folder above keeps others on the host out.
chmod 644 secrets/postgres_password secrets/database_url
echo "secrets/postgres_password and secrets/database_url are ready"
