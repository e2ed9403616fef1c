#!/usr/bin/env bash
# npm test: every layer, in order of speed. Fails on the first failing layer.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
started=$SECONDS

bash scripts/ensure-system-deps.sh

echo "== types (tsc)"
npx tsc --noEmit -p tsconfig.json

echo "== unit and database tests (Vitest: PGlite and PostgreSQL 15)"
npx vitest run

if [ -f scripts/pgtap.ts ]; then
  echo "== pgTAP (PostgreSQL 15)"
  npx tsx scripts/pgtap.ts
fi

echo "== end-to-end (Playwright, Debian Chromium)"
npx playwright test

echo "== all layers passed in $((SECONDS - started)) s"
