#!/bin/sh
# Debian's Chromium at /usr/bin/chromium for the end-to-end tests (playwright-core drives it), installed when missing.
exec sh "$(dirname "$0")/ensure-package.sh" chromium /usr/bin/chromium chromium fonts-liberation
