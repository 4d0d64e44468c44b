#!/usr/bin/env bash
# Installs the frontend's packages when the lock file changed, then builds it into frontend/dist.
set -euo pipefail
cd "$(dirname "$0")/../frontend"
stamp=node_modules/.bitik-lock
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund
  cp package-lock.json "$stamp"
fi
npm run build
