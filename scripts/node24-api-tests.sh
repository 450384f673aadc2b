#!/usr/bin/env bash
# The server's API tests once more under Node.js 24: Hearth supports Node 20.19+, 22 and 24, and Node 20 is
# past its end of life. better-sqlite3 is a native addon compiled for the Node that installed it, so a copy
# of it is compiled for Node 24 once (kept in node_modules/.cache) and the test run resolves to that copy;
# the installed one, which the app and the other tests use, is never touched.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

# On PostgreSQL, in worker threads: under Node 24, better-sqlite3 12.11 aborts when a forked test worker
# that used many SQLite databases exits (a native assertion in the addon's statement cleanup; a plain
# Node 24 process, as the server runs, opens, writes, backs up and closes a database fine). The few tests
# that use SQLite on purpose still run, on the copy compiled below.
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo "TEST_DATABASE_URL is not set: the Node 24 run of the API tests needs PostgreSQL, skipped."
  exit 0
fi

node24=$(npx -y node@24 -p process.execPath)
abi=$("$node24" -p process.versions.modules)
version=$("$node24" -p 'process.version.slice(1)')
cache="node_modules/.cache/hearth"
copy="$cache/better-sqlite3-abi$abi"
# npm ships node-gyp; use that one rather than adding a dependency.
gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"

# A copy that Node 24 cannot load (or none yet) is compiled afresh.
if ! "$node24" -e "require('$root/$copy/build/Release/better_sqlite3.node')" 2>/dev/null; then
  echo "Compiling better-sqlite3 for Node $("$node24" -v) (ABI $abi), once..."
  rm -rf "$copy"
  mkdir -p "$copy" "$cache/node-$version"
  # Node's headers for that version come from the registry's binary package of it (nothing else is
  # reachable offline); only its include/ folder is kept.
  platform=$("$node24" -p '`node-${process.platform}-${process.arch}`')
  tarball=$(npm pack --silent "$platform@$version" --pack-destination "$cache")
  tar -xzf "$cache/$tarball" -C "$cache/node-$version" --strip-components=1 package/include
  rm -f "$cache/$tarball"
  cp -r node_modules/better-sqlite3/{package.json,binding.gyp,lib,src,deps} "$copy/"
  # npm passes its own nodedir setting (this machine's Node 20 headers) to scripts as npm_config_nodedir,
  # which node-gyp would prefer: drop it so the Node 24 headers are used.
  (cd "$copy" && env -u npm_config_nodedir -u NPM_CONFIG_NODEDIR "$node24" "$gyp" rebuild --release \
    --nodedir="$root/$cache/node-$version" >/dev/null)
fi

echo "Node $("$node24" -v): server API tests"
HEARTH_BETTER_SQLITE3="$root/$copy" "$node24" node_modules/vitest/vitest.mjs run --project server --pool=threads "$@"
