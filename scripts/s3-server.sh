#!/usr/bin/env bash
# The S3-compatible server the tests keep pictures in: Garage, built from crates.io once
# (`cargo install garage --locked`, a long compile) into ~/.cargo/bin. Prints the binary's path,
# which the tests read from BITIK_GARAGE; how to run one by hand goes to stderr.
set -euo pipefail
garage_version="2.5.0"
garage="$(command -v garage 2>/dev/null || true)"
[ -n "$garage" ] || garage="${CARGO_HOME:-$HOME/.cargo}/bin/garage"
if ! "$garage" --version 2>/dev/null | grep -Eq "(v|cargo:)$garage_version( |$)"; then
  echo "== Installing Garage $garage_version into ${CARGO_HOME:-$HOME/.cargo}/bin (once; a long compile)" >&2
  nice -n 19 cargo install garage --version "$garage_version" --locked >&2
  garage="${CARGO_HOME:-$HOME/.cargo}/bin/garage"
fi
if [ -t 2 ]; then
  cat >&2 <<HOW
Garage $garage_version: $garage
A single-node server by hand (what the tests start, on free ports, in a directory of their own):
  mkdir -p /tmp/garage && cat > /tmp/garage/garage.toml <<TOML
  metadata_dir = "/tmp/garage/meta"
  data_dir = "/tmp/garage/data"
  db_engine = "sqlite"
  replication_factor = 1
  rpc_bind_addr = "127.0.0.1:3901"
  rpc_secret = "\$(openssl rand -hex 32)"
  [s3_api]
  s3_region = "garage"
  api_bind_addr = "127.0.0.1:3900"
  TOML
  GARAGE_DEFAULT_ACCESS_KEY=GKbitik0123456789abcdef GARAGE_DEFAULT_SECRET_KEY=\$(openssl rand -hex 32) \\
    GARAGE_DEFAULT_BUCKET=bitik $garage -c /tmp/garage/garage.toml server --single-node --default-bucket
Then serve the shop with STORAGE_URL=s3://bitik AWS_ENDPOINT_URL=http://127.0.0.1:3900 AWS_REGION=garage
AWS_ALLOW_HTTP=true and the same AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY.
HOW
fi
echo "$garage"
