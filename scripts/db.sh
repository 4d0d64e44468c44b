#!/usr/bin/env bash
# Finds a PostgreSQL server for the shop, starting a private one under .data/ when none answers.
# Source it, then call `bitik_db_server`: it prints the server URL (without a database name).
#   1. the server of DATABASE_URL when it is set (the caller uses DATABASE_URL as is);
#   2. a server on 127.0.0.1:5432 (user postgres);
#   3. a private cluster in .data/postgres on port 5499, made with initdb and started with pg_ctl.

PRIVATE_PORT=5499
ROOT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA_DIR="$ROOT_DIR/.data"

pg_tool() {
  local tool="$1" found
  found="$(command -v "$tool" 2>/dev/null || true)"
  if [ -z "$found" ]; then
    found="$(ls -d /usr/lib/postgresql/*/bin/"$tool" 2>/dev/null | sort -V | tail -n 1 || true)"
  fi
  [ -n "$found" ] || { echo "PostgreSQL's $tool was not found: install the PostgreSQL server binaries." >&2; return 1; }
  echo "$found"
}

server_answers() {
  "$(pg_tool pg_isready)" -q -h 127.0.0.1 -p "$1" -t 2 >/dev/null 2>&1
}

# PostgreSQL refuses to run as root: as root the cluster belongs to the `postgres` user.
as_cluster_owner() {
  if [ "$(id -u)" = "0" ]; then
    local owner=postgres
    id "$owner" >/dev/null 2>&1 || owner=nobody
    runuser -u "$owner" -- "$@"
  else
    "$@"
  fi
}

start_private_cluster() {
  local initdb pg_ctl cluster="$DATA_DIR/postgres"
  initdb="$(pg_tool initdb)" && pg_ctl="$(pg_tool pg_ctl)" || return 1
  mkdir -p "$DATA_DIR"
  if [ "$(id -u)" = "0" ]; then
    local owner=postgres
    id "$owner" >/dev/null 2>&1 || owner=nobody
    mkdir -p "$cluster" && chown "$owner" "$DATA_DIR" "$cluster"
    if ! runuser -u "$owner" -- test -x "$DATA_DIR"; then
      echo "The user $owner cannot reach $DATA_DIR (a parent folder is private); set DATABASE_URL instead." >&2
      return 1
    fi
  fi
  if [ ! -f "$cluster/PG_VERSION" ]; then
    echo "Creating a private PostgreSQL cluster in $cluster" >&2
    as_cluster_owner "$initdb" -D "$cluster" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  fi
  echo "Starting the private PostgreSQL on port $PRIVATE_PORT" >&2
  as_cluster_owner "$pg_ctl" -D "$cluster" -l "$cluster/server.log" -w -t 30 \
    -o "-p $PRIVATE_PORT -k $cluster -c listen_addresses=127.0.0.1" start >/dev/null
}

bitik_db_server() {
  if server_answers 5432; then
    echo "postgres://postgres@127.0.0.1:5432"
  elif server_answers "$PRIVATE_PORT" || start_private_cluster; then
    echo "postgres://postgres@127.0.0.1:$PRIVATE_PORT"
  else
    return 1
  fi
}
