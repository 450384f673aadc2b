#!/usr/bin/env bash
# Installs everything the test suite needs on a fresh Debian machine: npm packages, Debian's Chromium
# (Playwright cannot download its own browser here) and Caddy (the cluster test's proxy).
set -euo pipefail
cd "$(dirname "$0")/.."

# chromium: the browser tests; caddy: the proxy in front of the cluster test's three instances.
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/caddy ]; then
  echo "Installing Debian's chromium and caddy for the browser and cluster tests..."
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-dejavu-core caddy >/dev/null
fi

npm ci --no-audit --no-fund
