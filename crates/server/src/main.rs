use std::process::ExitCode;

use bitik_api::state::AppState;
use bitik_postgres::{Database, PoolSettings};
use bitik_server::cli::{Cli, Command, ImagesCommand};
use bitik_server::config::Config;
use bitik_server::logs::{LogLine, batched_stdout};
use bitik_server::startup::{Application, build_state};
use clap::Parser;
use tracing_subscriber::fmt::writer::BoxMakeWriter;

// An answer from memory is mostly allocations (cloned products, DTOs, JSON), which mimalloc serves
// faster than glibc's malloc (see docs/benchmarks.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The server logs to stdout (the service manager's journal), in batches written by a thread
    // of its own (`logs::batched_stdout`); a one-off command keeps stdout for its result (a
    // count, a path) and logs to stderr. Dropped at the end of `main`, `_flushed` writes what is
    // still waiting.
    let (logs, _flushed) = match cli.command {
        Command::Serve => {
            let (lines, flushed) = batched_stdout();
            (BoxMakeWriter::new(lines), Some(flushed))
        }
        _ => (BoxMakeWriter::new(std::io::stderr), None),
    };
    tracing_subscriber::fmt().with_env_filter(log_filter()).event_format(LogLine).with_writer(logs).init();
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("Configuration error: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("tokio runtime");
    match runtime.block_on(run(cli.command, config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("Error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// `RUST_LOG` (default `info`), with the database driver and the HTTP client capped at `info`
/// whatever it asks: at `debug` and below they print SQL parameters (password hashes, reset
/// token hashes, e-mails) and request heads (Wave's key), which must never reach the logs.
fn log_filter() -> tracing_subscriber::EnvFilter {
    let mut filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into());
    for capped in ["tokio_postgres", "diesel", "diesel_async", "hyper", "hyper_util", "reqwest", "h2", "rustls"] {
        if let Ok(directive) = format!("{capped}=info").parse() {
            filter = filter.add_directive(directive);
        }
    }
    filter
}

/// The services around one pool, for the commands that are not the server.
fn connect(config: Config) -> anyhow::Result<(AppState, Database)> {
    let database = Database::connect(&config.database_url, &PoolSettings::default())?;
    Ok((build_state(config, database.clone())?, database))
}

fn demo_orders_line(report: &bitik_demo::orders::DemoOrdersReport) -> String {
    if report.already_there {
        return "Demo orders created: 0 (the demo customers have theirs already).".to_owned();
    }
    let mut line = format!(
        "Demo orders created: {} over the last {} days, by {} demo customers ({} accounts opened).",
        report.created,
        bitik_demo::orders::HISTORY_DAYS,
        bitik_demo::orders::DEMO_CUSTOMERS.len(),
        report.accounts_opened
    );
    if report.left_out > 0 {
        line.push_str(&format!(" Left out for want of stock: {}.", report.left_out));
    }
    line
}

/// `bitik images migrate`: `UPLOAD_DIR` into the bucket of `STORAGE_URL`.
async fn migrate_images(config: &Config) -> anyhow::Result<()> {
    let bitik_storage::StorageSettings::S3(settings) = &config.storage else {
        anyhow::bail!("STORAGE_URL is not set: name the bucket to copy UPLOAD_DIR into (s3://bucket[/prefix]).");
    };
    let dir = &config.http.upload_dir;
    anyhow::ensure!(dir.is_dir(), "UPLOAD_DIR {} is not a directory.", dir.display());
    let bucket = bitik_storage::ObjectPictures::s3(settings)?;
    let report = bitik_storage::migrate(dir, &bucket).await.map_err(|e| anyhow::anyhow!(e))?;
    println!(
        "Pictures copied: {}, already in the bucket: {}, other files left out: {}.",
        report.copied, report.already_there, report.ignored
    );
    Ok(())
}

async fn run(command: Command, config: Config) -> anyhow::Result<()> {
    match command {
        Command::Serve => {
            let (state, _) = connect(config.clone())?;
            bitik_server::production::refuse_unsafe(&config, &state.accounts).await?;
            drop(state);
            if config.jwt_secret_is_default {
                tracing::warn!("JWT_SECRET is not set: using the development secret. Set it in production.");
            }
            let public_url = config.http.public_url.clone();
            let app = Application::build(config)?;
            tracing::info!("Bitik is serving on port {} ({public_url})", app.port());
            // SIGTERM: readiness answers 503 while the shop serves on for DRAIN_SECONDS, then the
            // listener closes, requests in flight are answered (20 s at most), and the server
            // returns here.
            app.stop_on_signals()?;
            app.run_until_stopped().await?;
            tracing::info!("Bitik stopped.");
        }
        Command::Migrate => {
            if bitik_postgres::create_database_if_missing(&config.database_url).await? {
                println!("Created the database.");
            }
            let applied = bitik_postgres::run_migrations(&config.database_url).await?;
            println!(
                "Migrations applied: {}",
                if applied.is_empty() { "none pending".into() } else { applied.join(", ") }
            );
        }
        Command::Seed { products, demo_accounts, demo_orders } => {
            let (state, database) = connect(config)?;
            if demo_accounts {
                let accounts = bitik_demo::accounts::seed_demo_accounts(&state.accounts).await?;
                println!("Demo accounts created: {accounts}.");
            }
            let report = bitik_demo::seed_catalog(&state.catalog, state.pictures.clone()).await?;
            println!(
                "Demo products created: {}, already there: {}, images drawn: {}.",
                report.created, report.skipped, report.images
            );
            if demo_orders {
                let report = bitik_demo::orders::seed_demo_orders(
                    &state.accounts,
                    &database,
                    &state.config.shop.name,
                    chrono::Utc::now(),
                )
                .await?;
                println!("{}", demo_orders_line(&report));
            }
            if products > 0 {
                let created = bitik_postgres::seed_generated_products(&database, products).await?;
                println!("Generated products created: {created} (of {products} asked for).");
            }
        }
        Command::Images { command: ImagesCommand::Migrate } => migrate_images(&config).await?,
        Command::CreateAdmin { email, password, first_name, last_name } => {
            let (state, _) = connect(config)?;
            let (admin, created) = state.accounts.ensure_admin(&email, &password, &first_name, &last_name).await?;
            let what = if created { "Created" } else { "Updated" };
            println!("{what} administrator {}.", admin.label());
        }
    }
    Ok(())
}
