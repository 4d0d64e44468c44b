#!/usr/bin/env bash
# `just restore FILE`: a file of `just backup` into DATABASE_URL's database, created when missing,
# and its pictures into UPLOAD_DIR. The database must be new or empty: a shop's data is never
# mixed with another's (drop it first to replace it).
#   DATABASE_URL   default: the one `just run` uses
#   UPLOAD_DIR     default: uploads
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/db.sh"
file="${1:?usage: scripts/restore.sh FILE (a file of scripts/backup.sh)}"
[ -f "$file" ] || { echo "No such backup: $file" >&2; exit 1; }
database_url="${DATABASE_URL:-$(bitik_db_server)/bitik}"
upload_dir="${UPLOAD_DIR:-uploads}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tar -C "$work" -xf "$file"
[ -f "$work/database.dump" ] || { echo "$file holds no database.dump: not a backup of scripts/backup.sh." >&2; exit 1; }

# postgres://user@host:port/name?options → the server's maintenance database and the name.
without_options="${database_url%%\?*}"
name="${without_options##*/}"
maintenance="${without_options%/*}/postgres"
psql="$(pg_tool psql)"
exists="$("$psql" "$maintenance" -tAc "SELECT 1 FROM pg_database WHERE datname = '$name'")"
if [ "$exists" = "1" ]; then
  tables="$("$psql" "$database_url" -tAc "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")"
  [ "$tables" = "0" ] || { echo "The database $name already holds tables: restore into a new one." >&2; exit 1; }
else
  "$psql" "$maintenance" -qc "CREATE DATABASE \"$name\""
fi
"$(pg_tool pg_restore)" --no-owner --no-privileges --exit-on-error --single-transaction \
  --dbname="$database_url" "$work/database.dump"
echo "Database restored into $name."

if [ -d "$work/uploads" ]; then
  mkdir -p "$upload_dir"
  # Pictures are named by their content: a name already there holds the same bytes.
  cp -a "$work/uploads/." "$upload_dir/"
  echo "Pictures restored into $upload_dir."
fi
