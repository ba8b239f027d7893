#!/bin/sh
# Makes sure Debian's redis-server is installed for the tests of gateways sharing state through Redis (each test
# starts its own server on a free loopback port and stops it after; nothing here starts one).
# Installs the apt package `redis-server` when it is missing; needs root (CI machines and this container run as root).
set -eu

if command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-redis: redis-server is missing; run as root (or: sudo apt-get install -y redis-server)" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-redis: redis-server is missing and apt-get is not available; install Redis (or Valkey) so redis-server is on the PATH" >&2
  exit 1
fi

echo "ensure-redis: installing redis-server with apt-get ..."
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends redis-server

if ! command -v redis-server >/dev/null 2>&1; then
  echo "ensure-redis: apt-get finished but redis-server is still missing" >&2
  exit 1
fi
redis-server --version || true
