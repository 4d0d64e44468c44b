#!/usr/bin/env bash
# `just fuzz`: schemathesis (every check) against the real server, from the OpenAPI document it
# serves, once logged in as the demo customer and once as the demo admin.
#   FUZZ_EXAMPLES  examples per operation (default 200; `just test` runs 25)
#   FUZZ_SEED      schemathesis' seed, to replay a run
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/db.sh

examples="${FUZZ_EXAMPLES:-200}"
schemathesis_version="4.32.5"
venv="$PWD/.venv-fuzz"
# Through the venv's own python: a venv copied from another directory keeps scripts whose
# `#!` line names the old place.
schemathesis() { "$venv/bin/python" "$venv/bin/schemathesis" "$@"; }

if [ "$(schemathesis --version 2>/dev/null | awk '{print $NF}')" != "$schemathesis_version" ]; then
  echo "== Installing schemathesis $schemathesis_version into .venv-fuzz"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet "schemathesis==$schemathesis_version"
fi

echo "== Building the server"
cargo build --quiet --bin bitik

server="$(bitik_db_server)"
database="bitik_fuzz_$$"
work="$(mktemp -d)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  psql "$server/postgres" -qc "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

export DATABASE_URL="$server/$database" UPLOAD_DIR="$work/uploads" FRONTEND_DIR="$work/no-frontend"
export HOST=127.0.0.1 PORT="$port" RUST_LOG="${RUST_LOG:-warn}" DRAIN_SECONDS=0
echo "== A seeded shop in $database"
target/debug/bitik migrate >/dev/null
target/debug/bitik seed --demo-accounts >/dev/null
target/debug/bitik serve >"$work/server.log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 100); do
  curl -fsS "$base/api/health" >/dev/null 2>&1 && break
  sleep 0.2
done
curl -fsS "$base/api/health" >/dev/null || { cat "$work/server.log"; exit 1; }

token() {
  curl -fsS -H 'Content-Type: application/json' -d "{\"email\":\"$1\",\"password\":\"$2\"}" "$base/api/auth/login" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])'
}

# Both logins before any fuzzing: the fuzzer's own failed logins use up the address's allowance
# (docs/rules.md#limits), and a login after them would be refused with 429.
customer_bearer="$(token client@bitik.sn bitik-client)"
admin_bearer="$(token admin@bitik.sn bitik-admin)"
status=0
for identity in customer admin; do
  case "$identity" in
    customer) bearer="$customer_bearer" ;;
    admin) bearer="$admin_bearer" ;;
  esac
  echo "== schemathesis as the $identity, $examples examples per operation"
  # NUL is refused anywhere in a request (400, tested in bad_input.rs), even inside unknown fields
  # the API otherwise ignores, which JSON Schema cannot say: the fuzzer is told not to send it.
  # Logging out ends every session of the account, the fuzzer's own included, and it takes no
  # input to fuzz: it is left to the API tests (identity.rs).
  # scripts/schemathesis.toml lets one check accept one more status on twenty-one operations, each
  # for a rule (between fields, about file contents, a phone's numbering plan) that JSON Schema
  # cannot state; reasons there.
  # One worker: with two threads, Hypothesis' own cache of lambda descriptions (not thread-safe)
  # once raised a KeyError inside schemathesis, reported as a flaky error of the run.
  schemathesis --config-file scripts/schemathesis.toml run "$base/api/openapi.json" \
    --exclude-path /auth/logout --checks all --max-examples "$examples" --workers 1 --no-color \
    --header "Authorization: Bearer $bearer" \
    ${FUZZ_SEED:+--seed "$FUZZ_SEED"} \
    --generation-database none \
    --generation-allow-x00 false \
    --report junit --report-dir "target/fuzz/$identity" || status=1
done
# actix logs requests it cannot even parse (a header with a NUL…) at ERROR: not the shop's errors.
if grep ' ERROR ' "$work/server.log" | grep -v 'request parse error'; then
  echo "== The server logged errors (above)"; status=1
fi
exit $status
