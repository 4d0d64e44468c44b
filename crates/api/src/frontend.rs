//! The built storefront: files from `FRONTEND_DIR`, and `index.html` for every other page path so
//! that the browser's router can show it (deep links, reloads, the 404 page).

use std::path::{Path, PathBuf};

use actix_files::{Files, NamedFile};
use actix_web::dev::{ServiceRequest, ServiceResponse, fn_service};
use actix_web::{HttpResponse, ResponseError};

use crate::error;

pub fn files(dir: &Path) -> Files {
    let index = dir.join("index.html");
    Files::new("/", dir).index_file("index.html").use_etag(true).default_handler(fn_service(move |req| {
        let index = index.clone();
        async move { spa_fallback(req, index).await }
    }))
}

pub fn uploads(dir: &Path) -> Files {
    Files::new("/uploads", dir).use_etag(true).disable_content_disposition()
}

async fn spa_fallback(req: ServiceRequest, index: PathBuf) -> Result<ServiceResponse, actix_web::Error> {
    let (req, _) = req.into_parts();
    // A missing script, style or image must stay a 404: answering HTML in its place would be
    // parsed as code by the browser.
    let last_segment = req.path().rsplit('/').next().unwrap_or_default();
    if req.path().starts_with("/assets/") || last_segment.contains('.') {
        let response = HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found");
        return Ok(ServiceResponse::new(req, response));
    }
    let response = match NamedFile::open_async(&index).await {
        Ok(file) => file.use_last_modified(false).into_response(&req),
        Err(e) => error::ApiError::internal(anyhow::anyhow!("{}: {e}", index.display())).error_response(),
    };
    Ok(ServiceResponse::new(req, response))
}
