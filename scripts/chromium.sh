#!/usr/bin/env bash
# The browser tests drive Debian's Chromium; install it when it is missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Installing Chromium from Debian's packages"
sudo_if_needed() { if [ "$(id -u)" = "0" ]; then "$@"; else sudo "$@"; fi; }
sudo_if_needed apt-get update -qq
DEBIAN_FRONTEND=noninteractive sudo_if_needed apt-get install -y -qq chromium >/dev/null
