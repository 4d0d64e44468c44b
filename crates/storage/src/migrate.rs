//! `bitik images migrate`: the pictures of a local `UPLOAD_DIR` copied into the configured store.

use std::path::Path;

use bitik_common::BoxError;
use bitik_images::{PictureKey, PictureStore};
use bytes::Bytes;

use crate::ObjectPictures;

/// What a migration did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct MigrateReport {
    /// Files written to the store.
    pub copied: usize,
    /// Files the store held already, of the same size.
    pub already_there: usize,
    /// Files of the directory that are no picture's (the image pipeline never wrote them).
    pub ignored: usize,
}

/// Copies every picture file of `dir` to `to` under the same key (the part of its address after
/// `/uploads/`), so that the addresses products keep stay true. A file the store holds already
/// with the same size is left alone: keys never change content, so running it twice copies
/// nothing the second time, and a run that stopped half-way is finished by the next.
pub async fn migrate(dir: &Path, to: &ObjectPictures) -> Result<MigrateReport, BoxError> {
    let mut report = MigrateReport::default();
    let mut files = Vec::new();
    collect(dir, dir, &mut files)?;
    files.sort();
    for relative in files {
        let Some(key) = PictureKey::parse(&relative) else {
            tracing::warn!(file = %relative, "not a picture's file: left where it is");
            report.ignored += 1;
            continue;
        };
        let bytes = std::fs::read(dir.join(&relative))?;
        if to.size(&key).await? == Some(bytes.len() as u64) {
            report.already_there += 1;
            continue;
        }
        to.put(&key, Bytes::from(bytes)).await?;
        report.copied += 1;
    }
    Ok(report)
}

/// Every regular file under `dir`, as a `/`-separated path relative to `root`.
fn collect(root: &Path, dir: &Path, out: &mut Vec<String>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        if kind.is_dir() {
            collect(root, &entry.path(), out)?;
        } else if kind.is_file() {
            let path = entry.path();
            let relative = path.strip_prefix(root).map_err(std::io::Error::other)?;
            // A name that is not UTF-8 comes out with U+FFFD, which no key holds: it is ignored.
            let parts: Vec<String> =
                relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
            out.push(parts.join("/"));
        }
    }
    Ok(())
}
