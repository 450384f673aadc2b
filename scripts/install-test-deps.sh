#!/usr/bin/env bash
# Installs everything the test suite needs on a fresh Debian machine: npm packages, and from Debian:
# Chromium (Playwright cannot download its own browser here), the real CalDAV clients, and for the
# container and cluster tests the Docker engine, Compose, mmdebstrap (base images are built locally: no
# image registry is reachable) and Caddy.
set -euo pipefail
cd "$(dirname "$0")/.."

# chromium: the browser tests; python3-caldav and vdirsyncer: the CalDAV real-client test; caddy: the
# proxy of the cluster and container tests; docker.io, docker-compose, mmdebstrap: the container test.
# Only those missing are installed.
missing=()
for pkg in chromium fonts-dejavu-core python3-caldav vdirsyncer caddy docker.io docker-compose mmdebstrap; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "Installing Debian packages for the tests: ${missing[*]}..."
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

npm ci --no-audit --no-fund
