#!/bin/sh
# Entrypoint of the PostgreSQL stand-in: like the official image's, it creates the cluster on first start
# from POSTGRES_USER (default postgres), POSTGRES_PASSWORD or POSTGRES_PASSWORD_FILE (one is required) and
# POSTGRES_DB (default: the user), accepts password logins from the network, then runs the server in the
# foreground.
set -eu
# It runs as postgres from the start (no root step), so the sockets go where that user may write.
sockets=/tmp
if [ -n "${POSTGRES_PASSWORD_FILE:-}" ]; then
  [ -z "${POSTGRES_PASSWORD:-}" ] || { echo "set POSTGRES_PASSWORD or POSTGRES_PASSWORD_FILE, not both" >&2; exit 1; }
  POSTGRES_PASSWORD="$(cat "$POSTGRES_PASSWORD_FILE")"
fi
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD or POSTGRES_PASSWORD_FILE must be set}"
  user="${POSTGRES_USER:-postgres}"
  db="${POSTGRES_DB:-$user}"
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA" >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -c unix_socket_directories=$sockets" -w start >/dev/null
    createdb --username="$user" --host="$sockets" "$db"
    pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  fi
  echo "PostgreSQL initialised for user $user, database $db"
fi
if [ "${1:-}" = postgres ]; then
  shift
  exec postgres -D "$PGDATA" -c listen_addresses='*' -c unix_socket_directories="$sockets" "$@"
fi
exec "$@"
