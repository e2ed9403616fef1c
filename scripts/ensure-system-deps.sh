#!/usr/bin/env bash
# What the test layers and benches need from Debian: Chromium, and its headless shell for the end-to-end tests
# (Playwright never downloads a browser here),
# PostgreSQL 15 (server binaries for a throwaway cluster when none runs), pgTAP with pg_prove, fonts for Thai and
# Chinese pages, and wrk (the C load generator of `npm run bench -- --only booking`). Installs what is missing when run as root; otherwise says what to install and stops.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
command -v pg_prove >/dev/null 2>&1 || missing+=(libtap-parser-sourcehandler-pgtap-perl)
ls /usr/share/postgresql/*/extension/pgtap.control >/dev/null 2>&1 || missing+=(postgresql-15-pgtap)
if ! (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  missing+=(postgresql-15)
fi
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || missing+=(fonts-noto-cjk)
fc-list 2>/dev/null | grep -qi 'tlwg\|Noto Sans Thai' || missing+=(fonts-thai-tlwg)
command -v wrk >/dev/null 2>&1 || missing+=(wrk)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "Missing system packages: ${missing[*]}" >&2
  echo "Install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "[deps] installing from Debian: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "[deps] installed"
