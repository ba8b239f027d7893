#!/bin/sh
# Debian's redis-server for the tests of gateways sharing state through Redis, installed when missing (each test starts
# its own server on a free loopback port and stops it after; nothing here starts one). Valkey's redis-server also does.
exec sh "$(dirname "$0")/ensure-package.sh" redis redis-server redis-server
