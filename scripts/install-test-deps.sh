#!/usr/bin/env bash
# Installs everything the test suite needs on a fresh Debian machine: npm packages, and from Debian:
# Chromium (Playwright cannot download its own browser here), and for the container and cluster tests the
# Docker engine, Compose, mmdebstrap (base images are built locally: no image registry is reachable) and
# Caddy.
set -euo pipefail
cd "$(dirname "$0")/.."

# command -> the Debian package that brings it
declare -A wanted=(
  [/usr/bin/chromium]="chromium fonts-dejavu-core"
  [/usr/sbin/dockerd]="docker.io"
  [/usr/bin/docker-compose]="docker-compose"
  [/usr/bin/mmdebstrap]="mmdebstrap"
  [/usr/bin/caddy]="caddy"
)
missing=()
for path in "${!wanted[@]}"; do
  [ -x "$path" ] || missing+=(${wanted[$path]})
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing from Debian: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

npm ci --no-audit --no-fund
