#!/usr/bin/env bash
# Installs the system programs the tests need, when they are missing and we may:
# Chromium for the browser tests (a test tool's own browser download does not work
# everywhere), redis-server, PostgreSQL and HAProxy for the throwaway servers some tests
# start (make cluster too), openssl for the proxy's throwaway certificate.
set -u
missing=()
[ -x /usr/bin/chromium ] || command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
[ -e /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || missing+=(fonts-noto-color-emoji)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "Missing ${missing[*]}: install them (as root, apt-get install ${missing[*]})." >&2
  exit 0
fi
echo "Installing ${missing[*]} for the tests..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
  || echo "Could not install ${missing[*]}; the tests that need them will fail." >&2
# The Debian packages start their own cluster and proxy; the tests start their own, so
# stop them.
if [[ " ${missing[*]} " == *" postgresql "* ]] && command -v pg_ctlcluster >/dev/null; then
  pg_lsclusters -h 2>/dev/null | while read -r ver name _; do
    pg_ctlcluster "$ver" "$name" stop 2>/dev/null || true
  done
fi
if [[ " ${missing[*]} " == *" haproxy "* ]]; then
  service haproxy stop >/dev/null 2>&1 || true
fi
exit 0
