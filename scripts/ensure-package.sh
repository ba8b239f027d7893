#!/bin/sh
# Makes sure a program the tests need is installed, from Debian's packages when it is missing:
#   ensure-package.sh NAME PROGRAM PACKAGE...
# NAME is for messages; PROGRAM is a path (/usr/bin/chromium) or a command on the PATH (redis-server); the PACKAGEs are
# installed with apt-get when PROGRAM is missing. Needs root for that (CI machines and this container run as root).
set -eu

name=$1
program=$2
shift 2

present() {
  case "$program" in
    /*) [ -x "$program" ] ;;
    *) command -v "$program" >/dev/null 2>&1 ;;
  esac
}

if present; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-$name: $program is missing; run as root (or: sudo apt-get install -y $*)" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-$name: $program is missing and apt-get is not available; install it ($*) by hand" >&2
  exit 1
fi

echo "ensure-$name: installing $* with apt-get ..."
export DEBIAN_FRONTEND=noninteractive
# One `apt-get update` serves the installers run one after the other (scripts/test.js): skipped when the package
# lists were fetched in the last hour, and run after all when the install fails on those lists.
if [ -z "$(find /var/lib/apt/lists -maxdepth 1 -name '*_Packages*' -mmin -60 2>/dev/null | head -n 1)" ]; then
  apt-get update
  apt-get install -y --no-install-recommends "$@"
else
  apt-get install -y --no-install-recommends "$@" || { apt-get update && apt-get install -y --no-install-recommends "$@"; }
fi

if ! present; then
  echo "ensure-$name: apt-get finished but $program is still missing" >&2
  exit 1
fi
"$program" --version || true
