#!/usr/bin/env bash
# Installs everything the test suite needs on a fresh Debian machine: npm packages, and from Debian:
# Chromium (Playwright cannot download its own browser here), the real CalDAV clients, and for the
# container and cluster tests the Docker engine, Compose, mmdebstrap (base images are built locally: no
# image registry is reachable) and Caddy.
set -euo pipefail
cd "$(dirname "$0")/.."

# chromium: the browser tests; python3-caldav and vdirsyncer: the CalDAV real-client test; radicale:
# bench:caldav and bench:speed compare against it; caddy: the
# proxy of the cluster and container tests; docker.io, docker-compose, mmdebstrap: the container test.
# Only those missing are installed.
missing=()
for pkg in chromium fonts-dejavu-core python3-caldav vdirsyncer radicale caddy docker.io docker-compose mmdebstrap; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
if [ "${#missing[@]}" -gt 0 ]; then
  echo "Installing Debian packages for the tests: ${missing[*]}..."
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Compose v2 for the container test, beside Debian's Compose v1 (`docker-compose` 1.29, kept as it is):
# bookworm and bookworm-backports package only v1, and Debian packages v2 from trixie on. Its plug-in
# (a Go program needing only libc6 >= 2.34) is taken from trixie's docker-compose package, fetched and
# checked by apt from a list of its own (the system's sources are not touched), into Docker's plug-in folder.
plugin=/usr/local/lib/docker/cli-plugins/docker-compose
if [ ! -x "$plugin" ]; then
  echo "Installing Compose v2 (the docker compose plug-in, from Debian trixie's docker-compose package)..."
  tmp="$(mktemp -d)"
  mkdir -p "$tmp/lists/partial" "$tmp/cache/archives/partial"
  echo "deb http://deb.debian.org/debian trixie main" >"$tmp/sources.list"
  apt_opts=(-o "Dir::Etc::sourcelist=$tmp/sources.list" -o Dir::Etc::sourceparts=- -o "Dir::State::Lists=$tmp/lists"
    -o "Dir::Cache=$tmp/cache" -o APT::Get::List-Cleanup=0 -o APT::Sandbox::User=root)
  $SUDO apt-get "${apt_opts[@]}" update -qq
  (cd "$tmp" && $SUDO apt-get "${apt_opts[@]}" download -qq docker-compose/trixie)
  dpkg-deb -x "$tmp"/docker-compose_2.*_amd64.deb "$tmp/root"
  $SUDO install -D -m 0755 "$tmp/root/usr/libexec/docker/cli-plugins/docker-compose" "$plugin"
  rm -rf "$tmp"
fi

npm ci --no-audit --no-fund
