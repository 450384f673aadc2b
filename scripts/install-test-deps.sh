#!/usr/bin/env bash
# Installs everything the test suite needs on a fresh Debian machine: npm packages, Debian's Chromium
# (Playwright cannot download its own browser here) and the real CalDAV clients.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's packages the tests use: Chromium for the browser tests, python3-caldav and vdirsyncer for the
# CalDAV real-client test. Only those missing are installed.
missing=()
for pkg in chromium fonts-dejavu-core python3-caldav vdirsyncer; do
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
