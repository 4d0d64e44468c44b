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

/// Product pictures, as the image pipeline writes them. Any other file that lands in the folder
/// (an `.html`, an `.svg`) is not served: a picture's address can never run as a page.
pub fn uploads(dir: &Path) -> Files {
    Files::new("/uploads", dir).use_etag(true).disable_content_disposition().path_filter(|path, _| is_picture(path))
}

/// Extensions whose content type is a fixed image type (`image/jpeg`, `image/webp`, `image/png`).
fn is_picture(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| matches!(e.to_ascii_lowercase().as_str(), "jpg" | "jpeg" | "webp" | "png"))
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
