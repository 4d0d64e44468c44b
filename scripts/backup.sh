#!/usr/bin/env bash
# `just backup [FILE]`: one file holding the shop's database (pg_dump's custom format) and, when
# pictures are kept in UPLOAD_DIR (no STORAGE_URL), that directory. A bucket is backed up by its
# own means (versioning, replication: docs/deploy.md). Prints the file's path.
#   DATABASE_URL   the shop's database (default: the one `just run` uses)
#   UPLOAD_DIR     the pictures' directory (default: uploads)
#   FILE           default: backups/bitik-YYYYMMDD-HHMMSS.tar
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/db.sh"
database_url="${DATABASE_URL:-$(bitik_db_server)/bitik}"
upload_dir="${UPLOAD_DIR:-uploads}"
file="${1:-backups/bitik-$(date -u +%Y%m%d-%H%M%S).tar}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Custom format: compressed, and pg_restore can restore it into any database, in parallel.
"$(pg_tool pg_dump)" --format=custom --no-owner --no-privileges --file="$work/database.dump" "$database_url"
if [ -n "${STORAGE_URL:-}" ]; then
  echo "Pictures are in $STORAGE_URL: not in this file (back up the bucket itself)." >&2
elif [ -d "$upload_dir" ]; then
  mkdir "$work/uploads"
  cp -a "$upload_dir/." "$work/uploads/"
else
  echo "UPLOAD_DIR $upload_dir does not exist: no pictures in this file." >&2
fi
mkdir -p "$(dirname "$file")"
tar -C "$work" -cf "$file.partial" .
mv "$file.partial" "$file"
echo "$file"
