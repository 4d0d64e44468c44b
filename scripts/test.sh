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
# The API tests send e-mail to a real SMTP server they start themselves (aiosmtpd).
BITIK_SMTPD_PYTHON="$(scripts/mail-server.sh)"
export BITIK_SMTPD_PYTHON
# The picture store's tests keep pictures in a real S3-compatible server they start themselves
# (Garage, built once), and the backup test runs scripts/backup.sh and scripts/restore.sh.
BITIK_GARAGE="$(scripts/s3-server.sh)"
export BITIK_GARAGE
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace --no-fail-fast
else
  cargo test --workspace --no-fail-fast
fi

echo "== Fuzzing the API (schemathesis, a short pass; \`just fuzz\` runs the long one)"
# A fixed seed: the same cases every run, so that CI fails for a change, not for luck. `just fuzz`
# draws a new seed each time (it prints it; FUZZ_SEED replays it).
FUZZ_EXAMPLES="${FUZZ_EXAMPLES:-25}" FUZZ_SEED="${FUZZ_SEED:-20261122}" scripts/fuzz.sh

echo "== Browser journeys"
cargo build --bin bitik
scripts/chromium.sh
# One seeded shop per run, cloned by each journey file: drawing the demo pictures takes a while.
template="bitik_e2e_template_$$"
uploads="$PWD/target/e2e-uploads"
drop_template() { psql "$server/postgres" -qc "DROP DATABASE IF EXISTS $template WITH (FORCE)" >/dev/null 2>&1 || true; }
trap drop_template EXIT
mkdir -p "$uploads"
DATABASE_URL="$server/$template" UPLOAD_DIR="$uploads" RUST_LOG=warn target/debug/bitik migrate >/dev/null
DATABASE_URL="$server/$template" UPLOAD_DIR="$uploads" RUST_LOG=warn target/debug/bitik seed --demo-accounts
(cd frontend && BITIK_BIN="$PWD/../target/debug/bitik" E2E_DATABASE_SERVER="$server" \
  E2E_TEMPLATE_DB="$template" E2E_UPLOAD_DIR="$uploads" npm run e2e)
