#!/usr/bin/env bash
# Installs the system tools the browser tests need when they are missing and we can.
set -u
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's chromium for the browser tests..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
      || echo "Could not install chromium; the browser tests will fail."
  fi
fi
exit 0
