//! `/uploads/…`: the product pictures, from wherever the picture store keeps them.
//!
//! - in `UPLOAD_DIR` (the default): actix's files, as they are on this machine's disk;
//! - in a bucket: read through the store and streamed, with the same headers (the picture's
//!   type from its name, an `ETag` answered 304 when the browser has it, and the year-long
//!   immutable caching of `middleware::cache_headers`), so every instance serves every picture;
//! - in a bucket the public reads directly (`STORAGE_PUBLIC_URL`): a redirect to it.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::StreamExt;

use crate::settings::PictureServing;
use crate::state::AppState;
use bitik_images::{PictureKey, URL_PREFIX};

/// How long a browser may keep a redirect to the public bucket.
const REDIRECT_MAX_AGE: &str = "public, max-age=86400";

pub fn routes(cfg: &mut web::ServiceConfig, serving: &PictureServing, upload_dir: &std::path::Path) {
    match serving {
        PictureServing::Files => {
            cfg.service(crate::frontend::uploads(upload_dir));
        }
        PictureServing::Stream | PictureServing::Redirect(_) => {
            let path = format!("{URL_PREFIX}/{{key:.*}}");
            cfg.route(&path, web::get().to(picture)).route(&path, web::head().to(picture));
        }
    }
}

async fn picture(req: HttpRequest, key: web::Path<String>, state: web::Data<AppState>) -> HttpResponse {
    let Some(key) = PictureKey::parse(&key) else {
        return not_found();
    };
    if let PictureServing::Redirect(public) = &state.config.pictures {
        return HttpResponse::Found()
            .insert_header((header::LOCATION, format!("{public}/{key}")))
            .insert_header((header::CACHE_CONTROL, REDIRECT_MAX_AGE))
            .finish();
    }
    let stored = match state.pictures.get(&key).await {
        Ok(Some(stored)) => stored,
        Ok(None) => return not_found(),
        Err(e) => {
            tracing::warn!(error = %e, %key, "the picture store did not answer");
            return HttpResponse::ServiceUnavailable()
                .content_type("text/plain; charset=utf-8")
                .body("Service momentanément indisponible");
        }
    };
    let etag = stored.etag.as_deref().map(quoted);
    let mut answer = HttpResponse::Ok();
    if let Some(etag) = &etag {
        answer.insert_header((header::ETAG, etag.as_str()));
        if matches_etag(&req, etag) {
            return answer.status(actix_web::http::StatusCode::NOT_MODIFIED).finish();
        }
    }
    if let Some(modified) = stored.last_modified {
        answer.insert_header((header::LAST_MODIFIED, header::HttpDate::from(modified)));
    }
    answer
        .insert_header((header::CONTENT_TYPE, HeaderValue::from_static(key.content_type())))
        .no_chunking(stored.size)
        .streaming(stored.body.map(|chunk| chunk.map_err(std::io::Error::other)))
}

/// An ETag as HTTP writes it: S3 quotes its own, a local file's tag is bare.
fn quoted(tag: &str) -> String {
    if tag.starts_with('"') || tag.starts_with("W/\"") { tag.to_owned() } else { format!("\"{tag}\"") }
}

fn matches_etag(req: &HttpRequest, etag: &str) -> bool {
    let weak = |tag: &str| tag.trim().trim_start_matches("W/").to_owned();
    req.headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|tag| tag.trim() == "*" || weak(tag) == weak(etag))
}

fn not_found() -> HttpResponse {
    HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found")
}
