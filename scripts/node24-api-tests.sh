#!/usr/bin/env bash
# The server's API tests once more under Node.js 24: Hearth supports Node 20.19+, 22 and 24, and Node 20 is
# past its end of life. On Node 22 and later the server loads better-sqlite3 13 (Node-API, prebuilt), so the
# same node_modules serve both Node versions.
set -euo pipefail
cd "$(dirname "$0")/.."

# This is the suite's PostgreSQL run (the SQLite run is on Node 20); the tests that use SQLite on purpose
# still run on it, so better-sqlite3 13 loads under Node 24 too.
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo "TEST_DATABASE_URL is not set: the Node 24 run of the API tests needs PostgreSQL, skipped."
  exit 0
fi

node24=$(npx -y node@24 -p process.execPath)
echo "Node $("$node24" -v): server API tests"
"$node24" node_modules/vitest/vitest.mjs run --project 'server*' "$@"
