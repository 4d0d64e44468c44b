# Bitik: the two commands that matter are `just run` and `just test`.

set shell := ["bash", "-euo", "pipefail", "-c"]

# Build everything, prepare the database and serve the demo shop, with a month of demo orders, on
# http://localhost:8080.
run:
    scripts/frontend.sh
    cargo build --release --bin bitik
    scripts/run.sh

# Every test: Rust (unit, adapter, API), frontend unit tests, the weight budget, browser journeys.
test:
    scripts/test.sh

# Schemathesis against the running server, as the demo customer and the demo admin (FUZZ_EXAMPLES, default 200 per operation).
fuzz:
    scripts/fuzz.sh

# The shop's database (pg_dump, custom format) and its UPLOAD_DIR pictures in one file under
# backups/ (or FILE). See docs/deploy.md.
backup FILE="":
    scripts/backup.sh {{FILE}}

# A file of `just backup` into a new database (DATABASE_URL, default the one `just run` uses) and
# its pictures into UPLOAD_DIR.
restore FILE:
    scripts/restore.sh {{FILE}}

# Three release instances behind HAProxy, pictures in Garage, mail through aiosmtpd: browsing and
# 200 checkouts while one instance is killed and restarted, then the checks (docs/reliability.md).
cluster-test:
    scripts/cluster-test.sh

# Vite's dev server on http://localhost:5173 (proxying /api to a `just serve-dev` server).
dev:
    cd frontend && npm run dev

# The API in debug mode against the same database `just run` uses.
serve-dev:
    cargo build --bin bitik
    source scripts/db.sh && export DATABASE_URL="${DATABASE_URL:-$(bitik_db_server)/bitik}" \
      && target/debug/bitik migrate && target/debug/bitik seed --demo-accounts && target/debug/bitik serve

# Lints: clippy on the workspace, TypeScript's checker on the frontend.
lint:
    cargo clippy --workspace --all-targets -- -D warnings
    cd frontend && npm run typecheck

# Server benchmarks (release build, generated catalogues, oha, pgbench, checkout under load) and
# the storefront's Lighthouse run; writes bench/results/latest.md. See docs/benchmarks.md.
bench:
    scripts/bench.sh
