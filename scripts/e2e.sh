#!/usr/bin/env bash
# Browser journeys while developing: `scripts/e2e.sh [e2e/file.test.mjs ...]` (all of them by default).
# Builds the storefront and the debug binary, then keeps one seeded template database between runs,
# named after a hash of the migrations and the seed so that it is redrawn only when they change.
# `just test` does not use it: it seeds a fresh template for each run.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/db.sh
server="$(bitik_db_server)"

scripts/frontend.sh >/dev/null
cargo build --bin bitik
scripts/chromium.sh >/dev/null

hash="$(cat migrations/*/*.sql $(find crates/demo/src crates/images/src -type f | sort) 2>/dev/null | sha1sum | cut -c1-10)"
template="bitik_e2e_dev_${hash}"
uploads="${TMPDIR:-/tmp}/bitik-e2e-dev-uploads-${hash}"  # shared by every checkout using the template
if [ ! -d "$uploads" ]; then
  # A template without its pictures would show broken images: draw both again.
  psql "$server/postgres" -qc "DROP DATABASE IF EXISTS $template WITH (FORCE)" >/dev/null
fi
if ! psql "$server/postgres" -tAc "SELECT 1 FROM pg_database WHERE datname = '$template'" | grep -q 1; then
  echo "Seeding $template (once per change of migrations or seed)"
  mkdir -p "$uploads"
  DATABASE_URL="$server/$template" UPLOAD_DIR="$uploads" RUST_LOG=warn target/debug/bitik migrate >/dev/null
  DATABASE_URL="$server/$template" UPLOAD_DIR="$uploads" RUST_LOG=warn target/debug/bitik seed --demo-accounts
fi

files=("$@")
[ ${#files[@]} -gt 0 ] || files=(e2e/)
(cd frontend && BITIK_BIN="$PWD/../target/debug/bitik" E2E_DATABASE_SERVER="$server" \
  E2E_TEMPLATE_DB="$template" E2E_UPLOAD_DIR="$uploads" node --test --test-concurrency=1 "${files[@]}")
