#!/usr/bin/env bash
# `just run`: a database, migrations, the demo shop (with a month of orders) when empty, and the
# server on port 8080.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/db.sh

if [ -z "${DATABASE_URL:-}" ]; then
  server="$(bitik_db_server)"
  export DATABASE_URL="$server/bitik"
fi
export UPLOAD_DIR="${UPLOAD_DIR:-$PWD/uploads}"
export FRONTEND_DIR="${FRONTEND_DIR:-$PWD/frontend/dist}"
bitik=target/release/bitik

"$bitik" migrate
# `seed` changes nothing in a shop that already has its demo data; its demo orders, a month of
# them for the dashboard, are placed once.
"$bitik" seed --demo-accounts --demo-orders

port="${PORT:-8080}"
echo
echo "  Bitik: http://localhost:$port"
echo "  Demo admin:    admin@bitik.sn / bitik-admin   (http://localhost:$port/admin)"
echo "  Demo customer: client@bitik.sn / bitik-client"
if [ -z "${SMTP_URL:-}" ]; then
  echo "  E-mail: SMTP_URL is not set: messages are kept, not sent. Read them at http://localhost:$port/admin/messages"
fi
echo
exec "$bitik" serve
