#!/usr/bin/env bash
# Builds the PWA and starts the real server on a fresh temporary database (PGlite) for the browser tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
# A fresh embedded database every run, even where CI points DATABASE_URL at PostgreSQL for the API tests.
unset DATABASE_URL
DATA_DIR="$(mktemp -d -t certdesk-e2e-XXXXXX)"
# The partner API key the specs issue certificates with (the real one is generated and kept in the database).
export PARTNER_API_KEY="${PARTNER_API_KEY:-e2e-partner-key-0123456789abcdef}"
# One proxy hop is trusted: helpers that make accounts through the API say an address of their own (X-Forwarded-For),
# as the API tests do, so a whole run's sign-ups are not one client's twenty an hour. The browser sends no such header.
export TRUST_PROXY=1
export DATA_DIR PORT="${PORT:-5180}" NODE_ENV=test
# Each port gets its own build, so runs side by side (or a dev build in dist/) never mix files.
export STATIC_DIR="${STATIC_DIR:-dist-e2e/$PORT}"
# NODE_ENV=test above would make Vite build a development bundle (React dev, no service worker): build for production.
if [ "${E2E_SKIP_BUILD:-0}" != "1" ]; then npx panda codegen --silent && NODE_ENV=production npx vite build --outDir "$STATIC_DIR" --emptyOutDir >/dev/null; fi
npx tsx server/main.ts &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; rm -rf "$DATA_DIR"' EXIT INT TERM
wait "$SERVER_PID"
