#!/usr/bin/env bash
# `just bench`: the release server on generated catalogues, measured with oha from a second
# process, each read endpoint against pgbench running the very SQL it sends (and, for a product
# read, the CPU each process spends on it); then checkout under load with a stock proof,
# checkout in a closed loop against pgbench running the SQL one order sends, and the
# storefront's Lighthouse run when its script exists.
# Writes bench/results/latest.md. Knobs: BENCH_CLIENTS (8), BENCH_DURATION (10 s),
# BENCH_WARMUP (3 s), BENCH_SIZES ("1000 10000 100000"), BENCH_CUSTOMERS (200), BENCH_OPEN_RUNS (3), BENCH_PORT,
# BENCH_SWEEP_CLIENTS ("8 16 32": the slug read and its pgbench at each count of connections),
# BENCH_ORDER_CUSTOMERS (4000: the app's checkout loop, 3 orders each), BENCH_REFERENCE_CUSTOMERS
# (3000 per pgbench client, 3 orders each).
# Sourced, it stops before the run: a harness may then call the checkout reference alone.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/db.sh

CLIENTS="${BENCH_CLIENTS:-8}"
DURATION="${BENCH_DURATION:-10}"
WARMUP="${BENCH_WARMUP:-3}"
SIZES="${BENCH_SIZES:-1000 10000 100000}"
CUSTOMERS="${BENCH_CUSTOMERS:-200}"
PORT="${BENCH_PORT:-18089}"
OPEN_RUNS="${BENCH_OPEN_RUNS:-3}"
ORDER_CUSTOMERS="${BENCH_ORDER_CUSTOMERS:-4000}"
REFERENCE_CUSTOMERS="${BENCH_REFERENCE_CUSTOMERS:-3000}"
CACHE="${BITIK_BENCH_CACHE:-$HOME/.cache/bitik-bench}"
WORK="$PWD/target/bench"
RESULTS="bench/results/latest.md"
BITIK="$PWD/target/release/bitik"
BASE_URL="http://127.0.0.1:$PORT"
LARGEST="${SIZES##* }"

server="$(bitik_db_server)"
export PGHOST=127.0.0.1 PGUSER=postgres PGPORT="${server##*:}"
export JWT_SECRET="bench-secret-bench-secret-bench-secret" UPLOAD_DIR="$WORK/uploads"
# No built storefront: the API alone is measured here (Lighthouse measures the pages).
export FRONTEND_DIR="$WORK/no-frontend" RUST_LOG="${RUST_LOG:-info}"
# No load balancer to drain from: a stopped server stops at once.
export DRAIN_SECONDS=0
mkdir -p "$WORK/sql" "$(dirname "$RESULTS")"
SERVER_PID=""
trap 'stop_server; stop_nginx' EXIT

note() { echo "bench: $*" >&2; }
db_url() { echo "$server/$1"; }
sql() { psql -X -q -At -v ON_ERROR_STOP=1 -d "$1" -c "$2"; }

ensure_oha() {
  if command -v oha >/dev/null; then OHA="$(command -v oha)"; return; fi
  OHA="$CACHE/bin/oha"
  if [ ! -x "$OHA" ]; then
    note "installing oha into $CACHE (once)"
    cargo install oha --locked --root "$CACHE" >&2
  fi
}

# ---- databases -------------------------------------------------------------------------------

fresh_db() {
  dropdb --if-exists --force "$1"
  DATABASE_URL="$(db_url "$1")" "$BITIK" migrate >/dev/null
}

prepare_databases() {
  note "demo shop (template)"
  fresh_db bitik_bench_base
  DATABASE_URL="$(db_url bitik_bench_base)" "$BITIK" seed --demo-accounts >/dev/null
  for n in $SIZES; do
    note "catalogue of $n generated products"
    dropdb --if-exists --force "bitik_bench_$n"
    createdb -T bitik_bench_base "bitik_bench_$n"
    local started=$SECONDS
    DATABASE_URL="$(db_url "bitik_bench_$n")" "$BITIK" seed --demo-accounts --products "$n" >/dev/null
    SEED_SECONDS[$n]=$((SECONDS - started))
    sql "bitik_bench_$n" "VACUUM ANALYZE"
  done
}

# ---- server ----------------------------------------------------------------------------------

# start_server DB [VAR=value…]: the release server on DB, with these settings added.
start_server() {
  local db="$1"; shift
  env "$@" DATABASE_URL="$(db_url "$db")" PORT="$PORT" HOST=127.0.0.1 "$BITIK" serve >"$WORK/server-$db.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 100); do
    curl -fs "$BASE_URL/api/health" >/dev/null 2>&1 && return
    sleep 0.1
  done
  note "the server did not start: see $WORK/server-$db.log"; exit 1
}

stop_server() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  SERVER_PID=""
}

login() {
  curl -fs -H 'content-type: application/json' -d "{\"email\":\"$1\",\"password\":\"$2\"}" "$BASE_URL/api/auth/login" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).data.token))'
}

# ---- measuring -------------------------------------------------------------------------------

# oha's JSON summary → "req/s p50 p95 p99 non-2xx" (milliseconds).
oha_summary() {
  node -e '
    let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
      const r = JSON.parse(s), p = r.latencyPercentiles, ms = (x) => (x * 1000).toFixed(2);
      const bad = Object.entries(r.statusCodeDistribution || {}).filter(([c]) => !c.startsWith("2"))
        .reduce((n, [, k]) => n + k, 0) + Object.values(r.errorDistribution || {}).reduce((n, k) => n + k, 0);
      console.log(r.summary.requestsPerSec.toFixed(0), ms(p.p50), ms(p.p95), ms(p.p99), bad);
    });'
}

# measure URL [oha options…]: warm-up, then a closed loop of $CLIENTS for $DURATION seconds.
measure() {
  local url="$1"; shift
  "$OHA" --no-tui -z "${WARMUP}s" -c "$CLIENTS" "$@" "$url" >/dev/null
  "$OHA" --no-tui --output-format json -z "${DURATION}s" -c "$CLIENTS" "$@" "$url" | oha_summary
}

# wrk_measure URL: the same closed loop with wrk, a lighter load generator than oha (one thread,
# $CLIENTS connections) → "req/s p50 p99" (milliseconds). Lighter on the machine's two cores, it
# leaves more of them to the server, so a cost of the server shows more clearly beside nginx's.
wrk_measure() {
  wrk -t1 -c "$CLIENTS" -d "${WARMUP}s" "$1" >/dev/null
  wrk -t1 -c "$CLIENTS" -d "${DURATION}s" --latency "$1" | awk '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    /^ +50%/ { p50 = ms($2) } /^ +99%/ { p99 = ms($2) } /^Requests\/sec:/ { rate = $2 }
    END { printf "%.0f %.2f %.2f\n", rate, p50, p99 }'
}

# pgbench_run SCRIPT DB [VARS]: pgbench's report on the captured SQL, same clients, over TCP; VARS
# holds the `-D` values of a script whose parameters are pgbench variables (binds).
pgbench_run() {
  local vars=()
  [ -n "${3:-}" ] && mapfile -t vars <"$3"
  pgbench -n -M prepared -h 127.0.0.1 -p "$PGPORT" -U postgres -c "$CLIENTS" -j 2 -T "$DURATION" "${vars[@]}" \
    -f "$1" "$2" 2>&1
}
tps_of() { sed -n 's/^tps = \([0-9.]*\) .*/\1/p' | head -n 1; }
# pgbench_tps SCRIPT DB [VARS]: transactions per second of the captured SQL.
pgbench_tps() { pgbench_run "$@" | tps_of; }

pg_log_file() {
  local file dir major
  file="$(sql postgres "SELECT coalesce(pg_current_logfile(), '')")"
  if [ -n "$file" ] && [ "${file#/}" = "$file" ]; then
    dir="$(sql postgres "SHOW data_directory")"; file="$dir/$file"
  fi
  if [ -z "$file" ] || [ ! -r "$file" ]; then
    major="$(( $(sql postgres "SHOW server_version_num") / 10000 ))"
    file="/var/log/postgresql/postgresql-$major-main.log"
  fi
  [ -r "$file" ] || file="$PWD/.data/postgres/server.log"
  [ -r "$file" ] && echo "$file"
}

# Logs every statement of one request of each endpoint and writes them as pgbench scripts.
capture_sql() {
  local db="$1" log; shift
  log="$(pg_log_file)" || { note "PostgreSQL's log is not readable: no pgbench ratios"; return 1; }
  sql "$db" "ALTER DATABASE $db SET log_statement = 'all'"
  # Without the catalogue cache, so that the kept request reads the database.
  start_server "$db" CATALOG_CACHE=off
  local name url offset auth
  for name in "${!ENDPOINTS[@]}"; do
    url="${ENDPOINTS[$name]}"
    auth=(); [ "$name" = cart ] && auth=("${AUTH[@]}")
    # A first request fills the statement caches; the second is the one kept.
    curl -fs "${auth[@]}" "$BASE_URL$url" >/dev/null
    sleep 0.3
    offset="$(stat -c %s "$log")"
    curl -fs "${auth[@]}" "$BASE_URL$url" >/dev/null
    sleep 0.5
    node bench/sql-from-log.mjs "$log" "$offset" "$db" "$WORK/sql/$name.binds" >"$WORK/sql/$name.sql"
  done
  stop_server
  sql "$db" "ALTER DATABASE $db RESET log_statement"
}

# ---- physical limits -------------------------------------------------------------------------

# What the same work costs with nothing of the shop around it: Debian's nginx serving the bytes a
# read answers as a file, the shop's own password check alone
# (crates/identity/examples/password_rate.rs).
ensure_references() {
  command -v nginx >/dev/null || apt-get install -y nginx-light >&2
  command -v wrk >/dev/null || apt-get install -y wrk >&2
  cargo build --release -p bitik-identity --example password_rate >&2
}

NGINX_PORT=$((PORT + 1))
NGINX_URL="http://127.0.0.1:$NGINX_PORT"

# start_nginx DIR: nginx serving DIR's files, as plainly as it comes, on as many workers as the
# server has cores.
start_nginx() {
  mkdir -p "$WORK/nginx"
  cat >"$WORK/nginx/nginx.conf" <<CONF
user root;
worker_processes auto;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  default_type application/json;
  keepalive_requests 1000000;
  server { listen 127.0.0.1:$NGINX_PORT; root $1; }
}
CONF
  nginx -c "$WORK/nginx/nginx.conf"
  for _ in $(seq 1 50); do curl -s -o /dev/null "$NGINX_URL/" && return; sleep 0.1; done
  note "nginx did not start: see $WORK/nginx/error.log"; exit 1
}

stop_nginx() {
  [ -f "$WORK/nginx/nginx.pid" ] || return 0
  nginx -c "$WORK/nginx/nginx.conf" -s quit 2>/dev/null || true
  for _ in $(seq 1 50); do [ -f "$WORK/nginx/nginx.pid" ] || return 0; sleep 0.1; done
}

# The bytes each read answers, as the running server sends them, for nginx to serve.
save_served_bytes() {
  local name
  rm -rf "$WORK/static" && mkdir -p "$WORK/static"
  for name in "${REFERENCE_READS[@]}"; do curl -fs "$BASE_URL${ENDPOINTS[$name]}" -o "$WORK/static/$name.json"; done
}

# The references, the server stopped: nginx serving those bytes (STATIC), the password check
# alone, as many callers as the login loop (PASSWORD).
measure_references() {
  local name
  start_nginx "$WORK/static"
  for name in "${REFERENCE_READS[@]}"; do STATIC[$name]="$(measure "$NGINX_URL/$name.json")"; done
  STATIC_WRK="$(wrk_measure "$NGINX_URL/listing.json")"
  stop_nginx
  PASSWORD="$(target/release/examples/password_rate "$DURATION" "$CLIENTS")"
}

# The report's table of them.
references_report() {
  local name app ref r g
  echo "Physical limits: each read as served (catalogue cache on) against Debian's nginx serving the same JSON bytes"
  echo "as a file (same oha loop, $(nproc) workers); the login (\`POST /api/auth/login\`: the shared limits in PostgreSQL,"
  echo "the account, argon2id, a token) against the shop's password check alone, as many callers, as many hashes at once"
  echo "as the server (\`crates/identity/examples/password_rate.rs\`)."
  echo
  echo "| path | req/s | p50 ms | p99 ms | errors | reference | ref. req/s | ref. p50 ms | ref. p99 ms | app ÷ ref. | goal |"
  echo "| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- |"
  for name in "${REFERENCE_READS[@]}" login; do
    if [ "$name" = login ]; then app="$LOGIN"; ref="$PASSWORD"; else app="${SERVED[$name]}"; ref="${STATIC[$name]}"; fi
    r="$(ratio "$(field "$app" 1)" "$(field "$ref" 1)")"
    if [ "$name" = login ]; then g="≥ 0.8: $(goal "$r" 0.8)"; else g="≥ 0.9: $(goal "$r" 0.9)"; fi
    echo "| $name | $(field "$app" 1) | $(field "$app" 2) | $(field "$app" 4) | $(field "$app" 5) | $([ "$name" = login ] && echo "password check" || echo nginx) | $(field "$ref" 1) | $(field "$ref" 2) | $(field "$ref" 4) | $r | $g |"
  done
  r="$(ratio "$(field "$SERVED_WRK" 1)" "$(field "$STATIC_WRK" 1)")"
  echo "| listing (wrk -t1 -c$CLIENTS) | $(field "$SERVED_WRK" 1) | $(field "$SERVED_WRK" 2) | $(field "$SERVED_WRK" 3) | - | nginx | $(field "$STATIC_WRK" 1) | $(field "$STATIC_WRK" 2) | $(field "$STATIC_WRK" 3) | $r | ≥ 0.9: $(goal "$r" 0.9) |"
  echo
  echo "The server logs as it runs here and in production: one line per request at \`RUST_LOG=${RUST_LOG}\`."
}

# ---- checkout under load ---------------------------------------------------------------------

# Four t-shirt variants with 40 units each for $CUSTOMERS customers wanting two units each.
prepare_checkout() {
  local db=bitik_bench_checkout
  dropdb --if-exists --force "$db"
  createdb -T bitik_bench_base "$db"
  psql -X -qtA -d "$db" -v prefix=bench -v customers="$CUSTOMERS" -v stock=40 -f scripts/rush/customers.sql \
    >"$WORK/customers.json"
}

# What the database says after the rush: "negative mismatched orders units_sold order_lines".
stock_proof() {
  psql -X -qtA -d bitik_bench_checkout -v prefix=bench -f scripts/rush/proof.sql | tr '|' ' '
}

# ---- checkout against pgbench ----------------------------------------------------------------

# The app places orders in a closed loop on ORDER_DB; pgbench runs the SQL of one of them on
# ORDER_SQL_DB, a copy made before the loop. Customers: the app's (customers.sql: ref-N, the
# first one for the capture) and pgbench's (reference.sql), both with three orders' worth in the
# cart, on the four scarce variants with all the stock anyone wants, so that nothing but
# placing orders is measured.
ORDER_BASE=bitik_bench_base
ORDER_DB=bitik_bench_orders
ORDER_SQL_DB=bitik_bench_orders_sql
ORDER_STOCK=100000000

prepare_orders() {
  dropdb --if-exists --force "$ORDER_DB"
  createdb -T "$ORDER_BASE" "$ORDER_DB"
  psql -X -qtA -d "$ORDER_DB" -v prefix=ref -v customers="$((ORDER_CUSTOMERS + 1))" -v stock="$ORDER_STOCK" \
    -f scripts/rush/customers.sql >"$WORK/order-customers.json"
  psql -X -q -d "$ORDER_DB" -v clients="$CLIENTS" -v per_client="$REFERENCE_CUSTOMERS" -f scripts/rush/reference.sql
  sql "$ORDER_DB" "VACUUM ANALYZE"
}

# Logs every statement of one order (the first customer's second: the first fills the statement
# caches) and writes them as a pgbench script, $WORK/sql/order.sql and .vars. The server runs as
# in the loop: the shop's settings, behind a proxy it trusts (checkout.mjs).
capture_order() {
  local log ok=1 captured="$WORK/sql/order-captured.json"
  rm -f "$WORK/sql/order.sql"
  log="$(pg_log_file)" || { note "PostgreSQL's log is not readable: no pgbench reference for checkout"; return 1; }
  sql "$ORDER_DB" "ALTER DATABASE $ORDER_DB SET log_statement = 'all'"
  start_server "$ORDER_DB" TRUSTED_PROXIES=127.0.0.1
  node bench/checkout.mjs "$BASE_URL" "$WORK/order-customers.json" capture "$log" >"$captured" || ok=0
  stop_server
  sql "$ORDER_DB" "ALTER DATABASE $ORDER_DB RESET log_statement"
  [ "$ok" = 1 ] &&
    node bench/checkout-sql.mjs "$log" "$ORDER_DB" "$captured" "$CLIENTS" "$REFERENCE_CUSTOMERS" "$WORK/sql/order"
}

# The app's closed loop: checkout.mjs's JSON line.
order_loop() {
  start_server "$ORDER_DB" TRUSTED_PROXIES=127.0.0.1
  node bench/checkout.mjs "$BASE_URL" "$WORK/order-customers.json" loop "$DURATION" "$WARMUP" "$CLIENTS"
  stop_server
}

# pgbench's transactions per second on the captured order; "-" when a transaction failed: the
# script no longer does what the app does.
order_tps() {
  local out="$WORK/sql/order.pgbench" placed
  pgbench_run "$WORK/sql/order.sql" "$ORDER_SQL_DB" "$WORK/sql/order.vars" >"$out" || true
  if grep -Eq 'aborted|failed transactions: [1-9]' "$out" || ! grep -q '^tps = ' "$out"; then
    note "pgbench on the captured order failed: see $out"; echo "-"; return
  fi
  placed="$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$out")"
  if [ "$placed" -gt $((3 * CLIENTS * REFERENCE_CUSTOMERS)) ]; then
    note "pgbench placed $placed orders: past 3 per customer, raise BENCH_REFERENCE_CUSTOMERS"
  fi
  tps_of <"$out"
}

# checkout_reference: sets ORDER_LOOP (the app's JSON) and ORDER_TPS (pgbench, or "-").
checkout_reference() {
  note "checkout: closed loop against pgbench"
  prepare_orders
  ORDER_TPS="-"
  local captured=0
  if capture_order; then
    captured=1
    dropdb --if-exists --force "$ORDER_SQL_DB"
    createdb -T "$ORDER_DB" "$ORDER_SQL_DB"
  fi
  ORDER_LOOP="$(order_loop)"
  if [ "$captured" = 1 ]; then ORDER_TPS="$(order_tps)"; fi
}

# The report's lines on it.
checkout_reference_report() {
  local rate r errors tps
  rate="$(json "$ORDER_LOOP" ordersPerSecond)"
  r="$(ratio "$rate" "$ORDER_TPS")"
  tps="$(awk -v t="$ORDER_TPS" 'BEGIN { if (t == "-") print t; else printf "%.1f", t }')"
  errors="$(json "$ORDER_LOOP" failed)"
  [ "$errors" = 0 ] || errors="$errors: $(json "$ORDER_LOOP" failures)"
  echo "Checkout against pgbench: $CLIENTS connections placing cash-on-delivery orders one after the other, ${DURATION} s after"
  echo "${WARMUP} s of warm-up, each customer three orders of two of the four variants (all the stock they want); pgbench runs"
  echo "the SQL one such order sent (captured), with a customer of its own every three orders per client (the open-order counts,"
  echo "advisory locks and rate-limit rows stay as small as the app's), not the outbox sending the order's messages afterwards."
  echo
  echo "| checkout, closed loop | orders/s | p50 ms | p99 ms | errors | customers left | pgbench tps | app ÷ pgbench | goal |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
  echo "| \`POST /api/orders\` | $rate | $(json "$ORDER_LOOP" p50) | $(json "$ORDER_LOOP" p99) | $errors | $(json "$ORDER_LOOP" customersLeft) of $(json "$ORDER_LOOP" customers) | $tps | $r | ≥ 0.5: $(goal "$r" 0.5) |"
}

# ---- where a request's CPU goes --------------------------------------------------------------

# cpu_us PID…: CPU time (user + system, µs) the processes have used, with their ended children's:
# PostgreSQL's backends that ended (pgbench's) are counted in the postmaster's.
cpu_us() {
  local pid ticks=0
  for pid in "$@"; do
    [ -r "/proc/$pid/stat" ] || continue
    ticks=$((ticks + $(sed 's/.*) //' "/proc/$pid/stat" | awk '{ print $12 + $13 + $14 + $15 }')))
  done
  echo $((ticks * 1000000 / $(getconf CLK_TCK)))
}
postgres_cpu_us() {
  local postmaster
  postmaster="$(head -n 1 "$(sql postgres 'SHOW data_directory')/postmaster.pid")"
  cpu_us "$postmaster" $(pgrep -P "$postmaster")
}
# clients_cpu_us: the CPU time of the commands this shell has run and waited for (bash's `times`,
# written to a file: in a command substitution it would count the substitution's children).
clients_cpu_us() {
  awk 'function us(t, a) { split(t, a, "m"); sub("s", "", a[2]); return (a[1] * 60 + a[2]) * 1000000 }
       END { printf "%d", us($1) + us($2) }' "$WORK/times"
}
# per_request TOTAL_US COUNT: µs per request, one decimal.
per_request() { awk -v t="$1" -v n="$2" 'BEGIN { if (n > 0) printf "%.1f", t / n; else print "-" }'; }

# cpu_split NAME DB: the read again with the cache off, then pgbench on its SQL, counting the CPU
# each process used: "server client postgres" µs per request, then "client postgres" per pgbench
# transaction. On a machine whose cores they share, app ÷ pgbench is about the ratio of the sums.
cpu_split() (
  local name="$1" db="$2" url="$BASE_URL${ENDPOINTS[$1]}" server0 postgres0 client0 server postgres client requests
  "$OHA" --no-tui -z "${WARMUP}s" -c "$CLIENTS" "$url" >/dev/null
  server0="$(cpu_us "$SERVER_PID")" postgres0="$(postgres_cpu_us)"
  times >"$WORK/times"; client0="$(clients_cpu_us)"
  "$OHA" --no-tui --output-format json -z "${DURATION}s" -c "$CLIENTS" "$url" >"$WORK/split.json"
  times >"$WORK/times"; client="$(clients_cpu_us)"
  server="$(cpu_us "$SERVER_PID")" postgres="$(postgres_cpu_us)"
  requests="$(node -e 'const r = require(process.argv[1]).summary; console.log(r.total * r.requestsPerSec | 0)' "$WORK/split.json")"
  printf '%s %s %s ' "$(per_request $((server - server0)) "$requests")" \
    "$(per_request $((client - client0)) "$requests")" "$(per_request $((postgres - postgres0)) "$requests")"
  postgres0="$(postgres_cpu_us)"
  times >"$WORK/times"; client0="$(clients_cpu_us)"
  pgbench_run "$WORK/sql/$name.binds.sql" "$db" "$WORK/sql/$name.binds.vars" >"$WORK/split.pgbench"
  times >"$WORK/times"; client="$(clients_cpu_us)"
  postgres="$(postgres_cpu_us)"
  requests="$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$WORK/split.pgbench")"
  printf '%s %s\n' "$(per_request $((client - client0)) "$requests")" "$(per_request $((postgres - postgres0)) "$requests")"
)

# ---- the slug read by number of connections ---------------------------------------------------

# by_connections NAME DB: the read with the cache off, then pgbench on its SQL, both with each
# count of BENCH_SWEEP_CLIENTS connections: "connections app pgbench" per line. With few
# connections each read waits on four hand-overs between processes (oha, server, PostgreSQL,
# server, oha) where pgbench's transaction waits on two: the cores idle between them, and the
# ratio measures those waits as much as the CPU. With more, both keep the cores busy.
SWEEP_CLIENTS="${BENCH_SWEEP_CLIENTS:-8 16 32}"
by_connections() (
  local name="$1" db="$2" url="$BASE_URL${ENDPOINTS[$1]}" clients
  for clients in $SWEEP_CLIENTS; do
    CLIENTS="$clients"
    echo "$clients $(field "$(measure "$url")" 1)" \
      "$(pgbench_tps "$WORK/sql/$name.binds.sql" "$db" "$WORK/sql/$name.binds.vars")"
  done
)

# ---- the run ---------------------------------------------------------------------------------

declare -A ENDPOINTS SEED_SECONDS ROW SERVED UNCACHED STATIC
REFERENCE_READS=(listing filtered search slug)
ROWS=()
row() { ROWS+=("$1"); ROW[$1]="$2"; printf '%-34s %s\n' "$1" "$2" >&2; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
field() { echo "$1" | awk -v i="$2" '{ print $i }'; }
json() { echo "$1" | node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s)['$2']))"; }
goal() { awk -v r="$1" -v g="$2" 'BEGIN { if (r == "-") print "-"; else if (r + 0 >= g) print "met"; else print "MISSED" }'; }

[ "${BASH_SOURCE[0]}" = "$0" ] || return 0
ensure_oha
ensure_references
note "building the release server"
cargo build --release --bin bitik >&2
prepare_databases

listing="/api/products?page=1&limit=12"
filtered="/api/products?subcategory=t-shirt&colors=noir&sizes=M&minPrice=5000&maxPrice=30000&sort=price-asc"
search="/api/products?search=chaine"
# Searches whose plans once grew with the catalogue: a typo of a common word, two words found in
# different fields, an explicit sort.
declare -A SEARCHES=([search typo]="/api/products?search=chaines" [search words]="/api/products?search=t-shirt%20noir"
  [search sorted]="/api/products?search=chaine&sort=price-asc")
declare -A GROWTH
for n in $SIZES; do
  note "growth: $n products"
  # The query plans' growth: the catalogue cache would hide it.
  start_server "bitik_bench_$n" CATALOG_CACHE=off
  for what in "${!SEARCHES[@]}"; do GROWTH["$what $n"]="$(measure "$BASE_URL${SEARCHES[$what]}")"; done
  if [ "$n" != "$LARGEST" ]; then
    GROWTH["listing $n"]="$(measure "$BASE_URL$listing")"
    GROWTH["search $n"]="$(measure "$BASE_URL$search")"
  fi
  stop_server
done

db="bitik_bench_$LARGEST"
slug="$(sql "$db" "SELECT slug FROM products WHERE active AND slug LIKE '%-gen-%' ORDER BY slug LIMIT 1 OFFSET 777")"
ENDPOINTS=([listing]="$listing" [filtered]="$filtered" [search]="$search" [slug]="/api/products/$slug" [cart]="/api/cart")

start_server "$db"
TOKEN="$(login client@bitik.sn bitik-client)"
AUTH=(-H "Authorization: Bearer $TOKEN")
# Three lines in the demo customer's cart.
# Fields apart by `|`: colours such as « bleu marine » hold a space.
sql "$db" "SELECT p.id, v.color, v.size FROM products p JOIN product_variants v ON v.product_id = p.id
           WHERE p.active AND v.stock > 2 ORDER BY p.created_at DESC, v.id LIMIT 3" |
  while IFS='|' read -r id color size; do
    curl -fs "${AUTH[@]}" -H 'content-type: application/json' \
      -d "{\"productId\":\"$id\",\"color\":\"$color\",\"size\":\"$size\",\"quantity\":1}" "$BASE_URL/api/cart/add" >/dev/null
  done
stop_server
captured=1
capture_sql "$db" || captured=0

note "measuring at $LARGEST products (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
LOAD_BEFORE="$(cut -d' ' -f1-3 /proc/loadavg)"
# measure_endpoint NAME: its closed-loop summary against the running server.
measure_endpoint() {
  if [ "$1" = cart ]; then measure "$BASE_URL${ENDPOINTS[$1]}" "${AUTH[@]}"
  else measure "$BASE_URL${ENDPOINTS[$1]}"; fi
}
# open_loop: the listing at 80 % of $1 req/s, $OPEN_RUNS times → "rate;summary;summary;…". One
# run's p99 on two cores shared with the load generator swings with whatever else the machine
# does (docs/benchmarks.md): the budget is judged on the median.
open_loop() {
  local rate="$(( $1 * 8 / 10 ))" run
  local runs="$rate"
  note "open loop: listing at $rate req/s, $OPEN_RUNS runs"
  "$OHA" --no-tui -z "${WARMUP}s" -c "$CLIENTS" "$BASE_URL$listing" >/dev/null
  for run in $(seq 1 "$OPEN_RUNS"); do
    runs="$runs;$("$OHA" --no-tui --output-format json -z "${DURATION}s" -c 64 -q "$rate" --latency-correction "$BASE_URL$listing" | oha_summary)"
  done
  echo "$runs"
}
# As the shop runs: the storefront's catalogue reads kept in memory between two changes. Behind a
# proxy the server trusts, for the logins: each comes from an address of its own (login.mjs), or
# all would share 127.0.0.1's allowance and some be refused (429).
start_server "$db" TRUSTED_PROXIES=127.0.0.1
for name in listing filtered search slug cart; do SERVED[$name]="$(measure_endpoint "$name")"; done
SERVED_WRK="$(wrk_measure "$BASE_URL$listing")"
OPEN="$(open_loop "${SERVED[listing]%% *}")"
save_served_bytes
LOGIN="$(node bench/login.mjs "$BASE_URL" "$DURATION" "$WARMUP" "$CLIENTS")"
stop_server
measure_references
# The same reads from the database every time (CATALOG_CACHE=off), each against pgbench running
# the statements it sends.
start_server "$db" CATALOG_CACHE=off
for name in listing filtered search slug cart; do
  uncached="$(measure_endpoint "$name")"
  tps="- -"
  if [ "$captured" = 1 ]; then
    tps="$(pgbench_tps "$WORK/sql/$name.binds.sql" "$db" "$WORK/sql/$name.binds.vars") $(pgbench_tps "$WORK/sql/$name.sql" "$db")"
  fi
  row "$name" "${SERVED[$name]} $(field "$uncached" 1) $(field "$uncached" 2) $tps"
  UNCACHED[$name]="$uncached"
done
[ "$captured" = 1 ] && SPLIT="$(cpu_split slug "$db")"
[ "$captured" = 1 ] && SWEEP="$(by_connections slug "$db")"
GROWTH["listing $LARGEST"]="${UNCACHED[listing]}"
GROWTH["search $LARGEST"]="${UNCACHED[search]}"
OPEN_UNCACHED="$(open_loop "${UNCACHED[listing]%% *}")"
stop_server

note "checkout: $CUSTOMERS customers"
prepare_checkout
# Behind a proxy the server trusts: each customer comes from an address of their own (checkout.mjs).
start_server bitik_bench_checkout TRUSTED_PROXIES=127.0.0.1
CHECKOUT="$(node bench/checkout.mjs "$BASE_URL" "$WORK/customers.json")"
stop_server
PROOF="$(stock_proof)"
checkout_reference
LOAD_AFTER="$(cut -d' ' -f1-3 /proc/loadavg)"

# ---- report ----------------------------------------------------------------------------------


commit="$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crates migrations || echo '+changes')"
{
  echo "# Bitik server benchmark"
  echo
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); commit: $commit"
  echo "- machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load average before/after: $LOAD_BEFORE / $LOAD_AFTER"
  echo "- tools: $("$OHA" --version), $(pgbench --version), PostgreSQL $(sql postgres 'SHOW server_version'), node $(node --version)"
  echo "- closed loop: $CLIENTS connections, ${DURATION} s after ${WARMUP} s of warm-up; pgbench: same clients, -M prepared, TCP"
  echo "- catalogue: $LARGEST generated products + the demo shop (seeded in ${SEED_SECONDS[$LARGEST]:-?} s)"
  echo
  echo "Each read endpoint is measured twice: as the shop runs (the storefront's catalogue reads kept in"
  echo "memory between two changes of the catalogue), and with CATALOG_CACHE=off, every read from the"
  echo "database. pgbench runs the statements such a read sends (captured with the cache off): prepared,"
  echo "with the logged values as binds (the goal's reference); \"literals\" is the same SQL with the values"
  echo "written in, which PostgreSQL plans once instead of per execution. The cart is never cached."
  echo
  echo "| endpoint | req/s | p50 ms | p95 ms | p99 ms | errors | pgbench tps | app ÷ pgbench | goal | cache off: req/s | p50 ms | ÷ pgbench | pgbench tps, literals | cache off ÷ literals |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |"
  for name in "${ROWS[@]}"; do
    set -- ${ROW[$name]}
    r="$(ratio "$1" "$8")"
    case "$name" in listing|filtered|search) g="≥ 0.5: $(goal "$r" 0.5)" ;; slug) g="≥ 0.7: $(goal "$r" 0.7)" ;; *) g="-" ;; esac
    echo "| $name \`${ENDPOINTS[$name]}\` | $1 | $2 | $3 | $4 | $5 | $8 | $r | $g | $6 | $7 | $(ratio "$6" "$8") | $9 | $(ratio "$6" "$9") |"
  done
  if [ -n "${SPLIT:-}" ]; then
    set -- $SPLIT
    echo
    echo "Where the CPU of the slug read goes, cache off: µs of CPU (user + system) per request, by process,"
    echo "in another ${DURATION} s loop of each; the cores are shared, so app ÷ pgbench follows the sums."
    echo
    echo "| slug, cache off | server | client | PostgreSQL | sum | pgbench's sum ÷ this sum |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: |"
    echo "| the app (oha) | $1 | $2 | $3 | $(awk -v a="$1" -v b="$2" -v c="$3" 'BEGIN { printf "%.1f", a + b + c }') | $(awk -v a="$1" -v b="$2" -v c="$3" -v d="$4" -v e="$5" 'BEGIN { printf "%.2f", (d + e) / (a + b + c) }') |"
    echo "| pgbench | - | $4 | $5 | $(awk -v d="$4" -v e="$5" 'BEGIN { printf "%.1f", d + e }') | 1 |"
  fi
  if [ -n "${SWEEP:-}" ]; then
    echo
    echo "The slug read, cache off, and pgbench on its SQL with as many connections each (${DURATION} s loops"
    echo "after ${WARMUP} s of warm-up for oha); $CLIENTS connections, as in every other row, is the goal's measure."
    echo
    echo "| connections | app req/s | pgbench tps | app ÷ pgbench | goal ≥ 0.5 (at $CLIENTS) |"
    echo "| ---: | ---: | ---: | ---: | --- |"
    while read -r clients app tps; do
      r="$(ratio "$app" "$tps")" g="-"
      [ "$clients" = "$CLIENTS" ] && g="$(goal "$r" 0.5)"
      echo "| $clients | $app | ${tps%.*} | $r | $g |"
    done <<<"$SWEEP"
  fi
  echo
  echo "Open loop: the listing at 80 % of the closed loop's req/s, 64 connections, --latency-correction, $OPEN_RUNS runs of ${DURATION} s."
  echo
  echo "| open loop | rate req/s | runs: req/s, p50 / p95 / p99 ms, errors | median p99 ms | budget p99 ≤ 25 ms |"
  echo "| --- | ---: | --- | ---: | --- |"
  for open in "as served;$OPEN" "cache off;$OPEN_UNCACHED"; do
    IFS=';' read -r -a parts <<<"$open"
    runs=""; p99s=()
    for summary in "${parts[@]:2}"; do
      set -- $summary
      runs="$runs${runs:+; }$1, $2 / $3 / $4, $5"; p99s+=("$4")
    done
    median="$(printf '%s\n' "${p99s[@]}" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')"
    # The budget is the shop as it runs; the cache-off row shows what PostgreSQL's share costs.
    if [ "${parts[0]}" = "as served" ]; then status="$(awk -v p="$median" 'BEGIN { print (p <= 25 ? "met" : "MISSED") }')"
    else status="reference: $(awk -v p="$median" 'BEGIN { print (p <= 25 ? "under" : "over") }') 25 ms"; fi
    echo "| ${parts[0]} | ${parts[1]} | $runs | $median | $status |"
  done
  echo
  echo "| growth (p50 ms, cache off) | $(for n in $SIZES; do printf '%s | ' "$n"; done)p50@$LARGEST ÷ p50@${SIZES%% *} (≤ 1.5) |"
  echo "| --- | $(for n in $SIZES; do printf -- '---: | '; done)---: |"
  for what in listing search "search typo" "search words" "search sorted"; do
    first="$(field "${GROWTH["$what ${SIZES%% *}"]}" 2)"; last="$(field "${GROWTH["$what $LARGEST"]}" 2)"
    echo "| $what | $(for n in $SIZES; do printf '%s | ' "$(field "${GROWTH["$what $n"]}" 2)"; done)$(ratio "$last" "$first") |"
  done
  echo
  set -- $PROOF
  echo "Checkout: $(json "$CHECKOUT" customers) customers at once, cash on delivery, 4 variants × 40 units, 2 units each:"
  echo "$(json "$CHECKOUT" placed) placed, $(json "$CHECKOUT" outOfStock) refused for stock, $(json "$CHECKOUT" failed) other failures $(json "$CHECKOUT" failures);"
  echo "$(json "$CHECKOUT" ordersPerSecond) orders/s, p50 $(json "$CHECKOUT" p50) ms, p99 $(json "$CHECKOUT" p99) ms."
  echo "Proof: variants below 0: $1; variants where initial ≠ remaining + sold: $2; orders in the database: $3"
  echo "(placed: $(json "$CHECKOUT" placed)); units sold: $4; order lines without an order or orders without lines: $5."
  echo
  checkout_reference_report
  echo
  references_report
} >"$RESULTS"

if [ -x scripts/bench-lighthouse.sh ]; then
  note "storefront: scripts/bench-lighthouse.sh"
  scripts/bench-lighthouse.sh || note "the Lighthouse run failed"
fi
echo
cat "$RESULTS"
