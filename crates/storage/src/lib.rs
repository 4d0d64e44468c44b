//! Where the shop's pictures are kept: the adapters of `bitik_images::PictureStore`, on the
//! `object_store` crate.
//!
//! - a directory of this machine, `UPLOAD_DIR` (the default, what `just run` uses);
//! - an S3-compatible bucket when `STORAGE_URL=s3://bucket[/prefix]`, configured by the standard
//!   `AWS_ENDPOINT_URL`, `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_REGION` (and
//!   `AWS_ALLOW_HTTP=true` for a server without TLS), with path-style requests.
//!
//! [`migrate`] copies a directory of pictures into a bucket (`bitik images migrate`).

mod migrate;
mod pictures;
mod settings;
#[cfg(feature = "testing")]
pub mod testing;

pub use migrate::{MigrateReport, migrate};
pub use pictures::ObjectPictures;
pub use settings::{AWS_SETTINGS, S3Settings, StorageSettings};

#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("STORAGE_URL must be s3://bucket or s3://bucket/prefix, not {0:?}")]
    BadUrl(String),
    #[error("the picture storage cannot be opened: {0}")]
    Open(#[from] object_store::Error),
}
