#!/bin/sh
# Makes sure Debian's Chromium is at /usr/bin/chromium for the end-to-end tests (playwright-core drives it).
# Installs the apt package `chromium` when it is missing; needs root (CI machines and this container run as root).
set -eu

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: /usr/bin/chromium is missing; run as root (or: sudo apt-get install -y chromium)" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: /usr/bin/chromium is missing and apt-get is not available; install Chromium at /usr/bin/chromium" >&2
  exit 1
fi

echo "ensure-chromium: installing chromium with apt-get ..."
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends chromium fonts-liberation

if [ ! -x /usr/bin/chromium ]; then
  echo "ensure-chromium: apt-get finished but /usr/bin/chromium is still missing" >&2
  exit 1
fi
/usr/bin/chromium --version || true
