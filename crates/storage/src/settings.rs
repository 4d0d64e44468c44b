//! `STORAGE_URL` and the AWS settings that go with it, read by the server's configuration.

use crate::StorageError;

/// The standard settings of an S3 client this adapter reads (`object_store`'s names for them).
pub const AWS_SETTINGS: [&str; 7] = [
    "AWS_ENDPOINT_URL",
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_SESSION_TOKEN",
    "AWS_REGION",
    "AWS_DEFAULT_REGION",
    "AWS_ALLOW_HTTP",
];

/// Where pictures are kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StorageSettings {
    /// `UPLOAD_DIR` (no `STORAGE_URL`).
    Local,
    S3(S3Settings),
}

/// A bucket, a folder in it, and the client's settings.
#[derive(Clone, PartialEq, Eq)]
pub struct S3Settings {
    pub bucket: String,
    /// Keys are written under `prefix/` when set.
    pub prefix: Option<String>,
    /// `(name, value)` of the [`AWS_SETTINGS`] given.
    pub aws: Vec<(String, String)>,
}

impl std::fmt::Debug for S3Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The secret key stays out of logs and error messages.
        let names: Vec<&str> = self.aws.iter().map(|(name, _)| name.as_str()).collect();
        f.debug_struct("S3Settings")
            .field("bucket", &self.bucket)
            .field("prefix", &self.prefix)
            .field("aws", &names)
            .finish()
    }
}

impl StorageSettings {
    /// From `STORAGE_URL` (absent or blank: the local directory) and a reader of the other
    /// settings.
    pub fn read(url: Option<&str>, lookup: impl Fn(&str) -> Option<String>) -> Result<Self, StorageError> {
        let Some(url) = url.map(str::trim).filter(|u| !u.is_empty()) else {
            return Ok(Self::Local);
        };
        let bad = || StorageError::BadUrl(url.to_owned());
        let rest = url.strip_prefix("s3://").ok_or_else(bad)?;
        let (bucket, prefix) = match rest.split_once('/') {
            Some((bucket, prefix)) => (bucket, Some(prefix.trim_matches('/')).filter(|p| !p.is_empty())),
            None => (rest, None),
        };
        let bucket_ok = (3..=63).contains(&bucket.len())
            && bucket.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.');
        if !bucket_ok || prefix.is_some_and(|p| p.split('/').any(|s| s.is_empty() || s == "." || s == "..")) {
            return Err(bad());
        }
        let aws =
            AWS_SETTINGS.iter().filter_map(|name| lookup(name).map(|value| ((*name).to_owned(), value))).collect();
        Ok(Self::S3(S3Settings { bucket: bucket.to_owned(), prefix: prefix.map(str::to_owned), aws }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(url: &str) -> Result<StorageSettings, StorageError> {
        StorageSettings::read(Some(url), |name| (name == "AWS_REGION").then(|| "garage".to_owned()))
    }

    #[test]
    fn storage_urls() {
        assert_eq!(StorageSettings::read(None, |_| None).unwrap(), StorageSettings::Local);
        assert_eq!(read(" ").unwrap(), StorageSettings::Local);
        let aws = vec![("AWS_REGION".to_owned(), "garage".to_owned())];
        assert_eq!(
            read("s3://bitik-pictures").unwrap(),
            StorageSettings::S3(S3Settings { bucket: "bitik-pictures".into(), prefix: None, aws: aws.clone() })
        );
        assert_eq!(
            read("s3://bitik/shop/pictures/").unwrap(),
            StorageSettings::S3(S3Settings { bucket: "bitik".into(), prefix: Some("shop/pictures".into()), aws })
        );
        for bad in
            ["uploads", "https://bitik.s3.amazonaws.com", "s3://", "s3://B", "s3://bitik/a//b", "s3://bitik/../x"]
        {
            assert!(matches!(read(bad), Err(StorageError::BadUrl(_))), "{bad}");
        }
    }

    #[test]
    fn the_secret_key_is_never_printed() {
        let settings = S3Settings {
            bucket: "bitik".into(),
            prefix: None,
            aws: vec![("AWS_SECRET_ACCESS_KEY".into(), "very-secret-value".into())],
        };
        assert!(!format!("{settings:?}").contains("very-secret-value"));
    }
}
