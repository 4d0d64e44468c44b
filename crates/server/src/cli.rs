//! The `bitik` command line: serve the shop, migrate its database, load the demo shop, add an
//! admin, move the pictures into a bucket.

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "bitik", about = "Bitik: the online shop", version)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Serve the API and the built storefront.
    Serve,
    /// Create the database if it does not exist and apply pending migrations.
    Migrate,
    /// Load the demo shop's catalogue. Running it again changes nothing.
    Seed {
        /// Also create the demo admin and customer, whose passwords are published: never in
        /// production (`bitik serve` refuses to start while they still log in).
        #[arg(long)]
        demo_accounts: bool,
        /// Also generate this many products (numbered `…-gen-1` to `…-gen-N`), for benchmarks.
        #[arg(long, default_value_t = 0)]
        products: u64,
        /// Also place about 30 days of orders by a dozen demo customers, in every status, for the
        /// dashboard. Off by default: tests and journeys count on the catalogue's untouched stock.
        #[arg(long)]
        demo_orders: bool,
    },
    /// The product pictures' storage.
    Images {
        #[command(subcommand)]
        command: ImagesCommand,
    },
    /// Create an administrator, or make an existing account one with this password.
    CreateAdmin {
        #[arg(long)]
        email: String,
        #[arg(long)]
        password: String,
        #[arg(long, default_value = "Admin")]
        first_name: String,
        #[arg(long, default_value = "Bitik")]
        last_name: String,
    },
}

#[derive(Subcommand)]
pub enum ImagesCommand {
    /// Copy the pictures of UPLOAD_DIR into the bucket of STORAGE_URL, under the same addresses.
    /// A file the bucket holds already is left alone: running it twice copies nothing more.
    Migrate,
}
