#!/usr/bin/env bash
# Lighthouse on the storefront: `/`, `/products` and a product page, mobile defaults,
# median of 3 runs each, printed against the budgets (score ≥ 95, LCP ≤ 2 s, CLS ≤ 0.05,
# TBT ≤ 150 ms); then the same pages under Chromium's own throttling (bench/lighthouse/throttled.mjs:
# when the picture and when React's view are on screen, first and repeat visits, median of 5); then
# the time to answer a tap under 4× CPU (INP, by web-vitals, in the browser journey
# frontend/e2e/responsiveness.test.mjs, against its own shop), held to 200 ms.
#   BITIK_BENCH_URL=http://127.0.0.1:PORT scripts/bench-lighthouse.sh   (a running, seeded server)
#   scripts/bench-lighthouse.sh                                         (builds and serves its own)
# Alone, it builds the storefront and the release binary, seeds the database bitik_bench_lh
# (kept between runs, drawn again when the migrations or the seed change) and serves it on a
# free port until the runs are over. LH_RUNS changes the number of runs.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

tools=bench/lighthouse
stamp="$tools/node_modules/.bitik-lock"
if [ ! -f "$stamp" ] || ! cmp -s "$tools/package-lock.json" "$stamp"; then
  (cd "$tools" && npm ci --no-audit --no-fund >/dev/null)
  cp "$tools/package-lock.json" "$stamp"
fi
scripts/chromium.sh >/dev/null
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"

server_pid=""
stop_server() { if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi; }
trap stop_server EXIT

if [ -z "${BITIK_BENCH_URL:-}" ]; then
  source scripts/db.sh
  db_server="$(bitik_db_server)"
  scripts/frontend.sh >/dev/null
  cargo build --release --bin bitik
  bitik="$root/target/release/bitik"
  hash="$(cat migrations/*/*.sql $(find crates/demo/src crates/images/src -type f | sort) 2>/dev/null | sha1sum | cut -c1-10)"
  uploads="${TMPDIR:-/tmp}/bitik-bench-lh-uploads-$hash"
  database="$db_server/bitik_bench_lh"
  if [ ! -d "$uploads" ] || [ "$(cat "$uploads/.seeded" 2>/dev/null)" != "$hash" ]; then
    echo "Seeding bitik_bench_lh"
    psql "$db_server/postgres" -qc "DROP DATABASE IF EXISTS bitik_bench_lh WITH (FORCE)" >/dev/null
    psql "$db_server/postgres" -qc "CREATE DATABASE bitik_bench_lh" >/dev/null
    mkdir -p "$uploads"
    DATABASE_URL="$database" UPLOAD_DIR="$uploads" RUST_LOG=warn "$bitik" migrate >/dev/null
    DATABASE_URL="$database" UPLOAD_DIR="$uploads" RUST_LOG=warn "$bitik" seed >/dev/null
    echo "$hash" > "$uploads/.seeded"
  fi
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  DATABASE_URL="$database" UPLOAD_DIR="$uploads" FRONTEND_DIR="$root/frontend/dist" HOST=127.0.0.1 PORT="$port" \
    PUBLIC_URL="http://127.0.0.1:$port" RUST_LOG=warn DRAIN_SECONDS=0 "$bitik" serve >/dev/null 2>&1 &
  server_pid=$!
  export BITIK_BENCH_URL="http://127.0.0.1:$port"
  for _ in $(seq 1 50); do
    curl -fsS "$BITIK_BENCH_URL/api/health" >/dev/null 2>&1 && break
    sleep 0.2
  done
fi

echo "Lighthouse on $BITIK_BENCH_URL"
node "$tools/run.mjs"
# The same pages under Chromium's real throttling: the picture and React's view, apart.
node "$tools/throttled.mjs"

# A tap's answer: the journey measures, this holds its figures to the goal.
bin="$root/target/release/bitik"
[ -x "$bin" ] || bin="$root/target/debug/bitik"
inp_report="$(mktemp)"
(cd frontend && BITIK_BIN="$bin" INP_REPORT="$inp_report" node --test e2e/responsiveness.test.mjs >/dev/null)
node -e '
const figures = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))
console.log("\nInteraction to Next Paint, CPU 4× slower, a phone (web-vitals; goal < 200 ms)")
console.log("| interaction | INP | status |")
console.log("| --- | ---: | --- |")
for (const [name, { inp }] of Object.entries(figures)) console.log(`| ${name} | ${inp} ms | ${inp < 200 ? "met" : "MISSED"} |`)
' "$inp_report"
rm -f "$inp_report"
