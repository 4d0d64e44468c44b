//! A real S3-compatible server for tests: Garage, single node, on free ports, in a directory of
//! its own removed when it stops. `scripts/test.sh` installs it (`scripts/s3-server.sh`) and
//! names the binary in `BITIK_GARAGE`.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::{ObjectPictures, S3Settings};
use bitik_images::{PictureKey, PictureStore};

pub const BUCKET: &str = "bitik-test";
const ACCESS_KEY: &str = "GKbitiktest0123456789abcdef";
const SECRET_KEY: &str = "bitik-test-secret-0123456789abcdef0123456789abcdef0123456789abcd";
const REGION: &str = "garage";

pub struct Garage {
    child: Child,
    dir: PathBuf,
    /// `http://127.0.0.1:PORT`, its S3 API.
    pub endpoint: String,
}

impl Garage {
    /// Starts a server with the bucket [`BUCKET`] and a key allowed to use it, and waits until
    /// the bucket answers. Panics, saying what to do, when `BITIK_GARAGE` is not set.
    pub async fn start() -> Garage {
        let binary = std::env::var("BITIK_GARAGE").unwrap_or_else(|_| {
            panic!("BITIK_GARAGE is not set: run the tests through scripts/test.sh, or set it to the path scripts/s3-server.sh prints")
        });
        let dir = std::env::temp_dir().join(format!("bitik-garage-{}-{}", std::process::id(), unique()));
        std::fs::create_dir_all(&dir).expect("garage's directory");
        let (rpc, s3) = (free_port(), free_port());
        let config = dir.join("garage.toml");
        std::fs::write(&config, config_text(&dir, rpc, s3)).expect("garage.toml");
        let child = Command::new(&binary)
            .args(["-c", &config.display().to_string(), "server", "--single-node", "--default-bucket"])
            .env("GARAGE_DEFAULT_ACCESS_KEY", ACCESS_KEY)
            .env("GARAGE_DEFAULT_SECRET_KEY", SECRET_KEY)
            .env("GARAGE_DEFAULT_BUCKET", BUCKET)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::from(std::fs::File::create(dir.join("garage.log")).expect("garage.log")))
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start Garage ({binary}): {e}"));
        let garage = Garage { child, dir, endpoint: format!("http://127.0.0.1:{s3}") };
        garage.wait_until_ready().await;
        garage
    }

    /// The settings of a client of the bucket, its keys under `prefix`.
    pub fn settings(&self, prefix: Option<&str>) -> S3Settings {
        S3Settings { bucket: BUCKET.to_owned(), prefix: prefix.map(str::to_owned), aws: self.aws() }
    }

    /// The environment of a `bitik` using the bucket, its keys under `prefix`.
    pub fn env(&self, prefix: &str) -> Vec<(String, String)> {
        let mut env = self.aws();
        env.push(("STORAGE_URL".to_owned(), format!("s3://{BUCKET}/{prefix}")));
        env
    }

    fn aws(&self) -> Vec<(String, String)> {
        [
            ("AWS_ENDPOINT_URL", self.endpoint.as_str()),
            ("AWS_ACCESS_KEY_ID", ACCESS_KEY),
            ("AWS_SECRET_ACCESS_KEY", SECRET_KEY),
            ("AWS_REGION", REGION),
            ("AWS_ALLOW_HTTP", "true"),
        ]
        .into_iter()
        .map(|(name, value)| (name.to_owned(), value.to_owned()))
        .collect()
    }

    async fn wait_until_ready(&self) {
        let store = ObjectPictures::s3(&self.settings(Some("ready"))).expect("a client of Garage");
        let probe = PictureKey::parse("probe/ready/0.jpg").expect("a key");
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            match store.size(&probe).await {
                Ok(_) => return,
                Err(e) if Instant::now() > deadline => {
                    let log = std::fs::read_to_string(self.dir.join("garage.log")).unwrap_or_default();
                    panic!("Garage did not answer within 60 s: {e}\n{log}");
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
            }
        }
    }
}

impl Drop for Garage {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn config_text(dir: &std::path::Path, rpc: u16, s3: u16) -> String {
    let secret: String = (0..32).map(|i| format!("{:02x}", (i * 37 + 11) % 256)).collect();
    format!(
        "metadata_dir = \"{dir}/meta\"\n\
         data_dir = \"{dir}/data\"\n\
         db_engine = \"sqlite\"\n\
         replication_factor = 1\n\
         rpc_bind_addr = \"127.0.0.1:{rpc}\"\n\
         rpc_public_addr = \"127.0.0.1:{rpc}\"\n\
         rpc_secret = \"{secret}\"\n\
         \n\
         [s3_api]\n\
         s3_region = \"{REGION}\"\n\
         api_bind_addr = \"127.0.0.1:{s3}\"\n\
         root_domain = \".s3.garage.localhost\"\n",
        dir = dir.display()
    )
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port")
}

fn unique() -> u128 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or_default()
}
