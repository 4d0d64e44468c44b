#!/usr/bin/env bash
# `just cluster-test`: the shop as it runs beyond one server. Three release instances on one
# PostgreSQL, behind HAProxy (Debian's, active checks on /api/health/ready, redispatch, no retry of
# a POST), pictures in Garage (S3), e-mail through aiosmtpd; bench/cluster.mjs drives browsing and
# CUSTOMERS checkouts, SIGKILLs one instance and starts it again, then checks what the shop became
# (docs/reliability.md lists the checks and the figures). Everything runs on free local ports and
# is removed at the end; the database is bitik_cluster_test.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
source scripts/db.sh
db_server="$(bitik_db_server)"
CUSTOMERS="${CUSTOMERS:-200}"

command -v haproxy >/dev/null 2>&1 || apt-get install -y haproxy >/dev/null
garage="$(scripts/s3-server.sh)"
smtpd_python="$(scripts/mail-server.sh)"
scripts/frontend.sh >/dev/null
cargo build --release --bin bitik
bitik="$root/target/release/bitik"

work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql "$db_server/postgres" -qc "DROP DATABASE IF EXISTS bitik_cluster_test WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.1; done; echo "nothing listens on $1" >&2; return 1; }

# ---- Garage: one node, one bucket, one key ------------------------------------------------------
s3_port="$(free_port)"; rpc_port="$(free_port)"
mkdir -p "$work/garage"
cat > "$work/garage/garage.toml" <<TOML
metadata_dir = "$work/garage/meta"
data_dir = "$work/garage/data"
db_engine = "sqlite"
replication_factor = 1
rpc_bind_addr = "127.0.0.1:$rpc_port"
rpc_secret = "$(openssl rand -hex 32)"
[s3_api]
s3_region = "garage"
api_bind_addr = "127.0.0.1:$s3_port"
TOML
export AWS_ACCESS_KEY_ID="GK$(openssl rand -hex 12)" AWS_SECRET_ACCESS_KEY="$(openssl rand -hex 32)"
GARAGE_DEFAULT_ACCESS_KEY="$AWS_ACCESS_KEY_ID" GARAGE_DEFAULT_SECRET_KEY="$AWS_SECRET_ACCESS_KEY" \
  GARAGE_DEFAULT_BUCKET=bitik RUST_LOG=warn "$garage" -c "$work/garage/garage.toml" server --single-node --default-bucket \
  >"$work/garage.log" 2>&1 &
pids+=($!)
wait_port "$s3_port"
export STORAGE_URL=s3://bitik AWS_ENDPOINT_URL="http://127.0.0.1:$s3_port" AWS_REGION=garage AWS_ALLOW_HTTP=true

# ---- SMTP ----------------------------------------------------------------------------------------
smtp_port="$(free_port)"
mkdir -p "$work/mail"/{new,cur,tmp} # a Maildir: aiosmtpd makes its folders only for a directory it creates
"$smtpd_python" -m aiosmtpd -n -l "127.0.0.1:$smtp_port" -c aiosmtpd.handlers.Mailbox "$work/mail" >/dev/null 2>&1 &
pids+=($!)
wait_port "$smtp_port"
export SMTP_URL="smtp://127.0.0.1:$smtp_port"

# ---- the database: the demo shop, CUSTOMERS customers, four scarce variants ------------------------
export DATABASE_URL="$db_server/bitik_cluster_test" UPLOAD_DIR="$work/uploads" RUST_LOG=warn
psql "$db_server/postgres" -qc "DROP DATABASE IF EXISTS bitik_cluster_test WITH (FORCE)" >/dev/null
psql "$db_server/postgres" -qc "CREATE DATABASE bitik_cluster_test" >/dev/null
"$bitik" migrate >/dev/null
"$bitik" seed --demo-accounts >/dev/null
# Fewer units than the customers want: some checkouts must be refused for stock, none oversold.
psql -X -qtA -d "$DATABASE_URL" -v prefix=cluster -v customers="$CUSTOMERS" -v stock=$((CUSTOMERS / 3)) \
  -f scripts/rush/customers.sql >"$work/customers.json"

# ---- HAProxy in front of three instances -----------------------------------------------------------
ports=("$(free_port)" "$(free_port)" "$(free_port)")
lb_port="$(free_port)"; stats_port="$(free_port)"
{
  cat <<CFG
global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  option redispatch
  retries 2
  retry-on conn-failure empty-response response-timeout
frontend shop
  bind 127.0.0.1:$lb_port
  option forwardfor
  default_backend bitik
backend bitik
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server inter 250ms fall 2 rise 2
  # A POST is an order or a payment: never sent twice by the balancer (the client retries it with
  # its Idempotency-Key).
  http-request disable-l7-retry if METH_POST
CFG
  for i in 0 1 2; do echo "  server bitik-$((i + 1)) 127.0.0.1:${ports[$i]} check"; done
  cat <<CFG
listen stats
  bind 127.0.0.1:$stats_port
  stats enable
  stats uri /stats
CFG
} > "$work/haproxy.cfg"
haproxy -q -f "$work/haproxy.cfg" &
pids+=($!)
wait_port "$lb_port"

export FRONTEND_DIR="$root/frontend/dist" PUBLIC_URL="http://127.0.0.1:$lb_port" TRUSTED_PROXIES=127.0.0.1 \
  DRAIN_SECONDS=2 SWEEP_SECONDS=2 JWT_SECRET="$(openssl rand -hex 32)"
CLUSTER_LB="http://127.0.0.1:$lb_port" CLUSTER_STATS="http://127.0.0.1:$stats_port/stats;csv" \
  CLUSTER_PORTS="$(IFS=,; echo "${ports[*]}")" BITIK_BIN="$bitik" CLUSTER_DB="$DATABASE_URL" \
  CLUSTER_MAILDIR="$work/mail" CLUSTER_CUSTOMERS="$work/customers.json" \
  node bench/cluster.mjs
