#!/usr/bin/env bash
# Installs everything the test suite needs on a fresh Debian machine: npm packages and Debian's Chromium
# (Playwright cannot download its own browser here).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the browser tests..."
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi

npm ci --no-audit --no-fund
