#!/usr/bin/env bash
# `just test`: every test there is. Rust (unit, adapter, API), the frontend's unit tests, the
# storefront's weight budget, then the browser journeys against the real binary.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/db.sh

server="$(bitik_db_server)"
export TEST_DATABASE_SERVER="$server"

echo "== Frontend: install, unit tests, build, weight budget"
scripts/frontend.sh
(cd frontend && npm test && npm run size)

echo "== Rust: unit, adapter and API tests"
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace --no-fail-fast
else
  cargo test --workspace --no-fail-fast
fi

echo "== Browser journeys"
cargo build --bin bitik
scripts/chromium.sh
(cd frontend && BITIK_BIN="$PWD/../target/debug/bitik" E2E_DATABASE_SERVER="$server" npm run e2e)
