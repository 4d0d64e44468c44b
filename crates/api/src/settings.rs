//! What the HTTP layer is told by the composition root: where the shop lives, who may call it,
//! where its files are, and how it presents itself.

use std::net::IpAddr;
use std::path::PathBuf;

use bitik_common::Shop;

#[derive(Debug, Clone)]
pub struct Settings {
    /// The address shoppers use, without a trailing slash (`PUBLIC_URL`).
    pub public_url: String,
    /// The one other origin whose pages may call the API (`CORS_ORIGIN`); `None`: same origin only.
    pub cors_origin: Option<String>,
    /// Proxies in front of the shop whose `X-Forwarded-For` is believed (`TRUSTED_PROXIES`);
    /// empty: nobody's, the connection's address is the client's.
    pub trusted_proxies: Vec<IpAddr>,
    /// Who may read `/metrics` (`METRICS_ALLOW`, addresses and networks; the loopback by default).
    pub metrics_allow: Vec<ipnet::IpNet>,
    /// Where the local picture store keeps its files (`UPLOAD_DIR`).
    pub upload_dir: PathBuf,
    /// How `/uploads/…` is answered.
    pub pictures: PictureServing,
    pub frontend_dir: PathBuf,
    pub shop: Shop,
    /// Payments are simulated on purpose (`WAVE_MODE=test`): every storefront page says that no
    /// payment is real.
    pub test_payments: bool,
}

/// How the product pictures under `/uploads/` are answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PictureServing {
    /// The files of `upload_dir`, as they are on this machine's disk (no `STORAGE_URL`).
    Files,
    /// Read from the bucket and streamed by the instance.
    Stream,
    /// Redirected to `{url}/{key}`, where the bucket serves them itself (`STORAGE_PUBLIC_URL`,
    /// without a trailing slash).
    Redirect(String),
}
