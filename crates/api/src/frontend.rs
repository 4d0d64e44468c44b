//! The built storefront: files from `FRONTEND_DIR`, and its shell for every other page path so
//! that the browser's router can show it (deep links, reloads, the 404 page).

use std::path::Path;

use actix_files::{Files, NamedFile};
use actix_web::dev::{ServiceRequest, ServiceResponse, fn_service};
use actix_web::http::header::{self, AcceptEncoding, ContentEncoding, Encoding, HeaderValue};
use actix_web::{HttpMessage, HttpRequest, HttpResponse, web};

use bitik_pages::Shell;

/// The built storefront's shell, read once at start, and its pages' content security policy.
pub struct Storefront {
    pub shell: Shell,
    pub policy: HeaderValue,
}

impl Storefront {
    /// The storefront built into `dir` (`FRONTEND_DIR`); `None` when there is none (API tests,
    /// `cargo run` before `npm run build`): then only `/api` answers.
    pub fn load(dir: &Path) -> Option<Self> {
        let shell = Shell::load(&dir.join("index.html"))?;
        let policy = HeaderValue::from_str(shell.policy()).expect("hashes are base64: the policy is ASCII");
        Some(Self { shell, policy })
    }
}

/// The built files, and `page` for every other path: the page the browser's router shows.
pub fn files(dir: &Path, page: fn(&HttpRequest) -> HttpResponse) -> Files {
    Files::new("/", dir)
        .index_file("index.html")
        .use_etag(true)
        .default_handler(fn_service(move |req| async move { spa_fallback(req, page) }))
}

/// The build's hashed files, answered from the `.br` or `.gz` copy the build wrote beside each
/// one when the browser accepts it: compressed once at build time at the highest level, instead
/// of on every request at the fast level `Compress` uses. An answer carrying `Content-Encoding`
/// is left alone by `Compress`.
pub fn assets(dir: &Path) -> actix_web::Resource {
    let dir = dir.join("assets");
    web::resource("/assets/{name}").route(web::get().to(move |req: HttpRequest, name: web::Path<String>| {
        let dir = dir.clone();
        async move { asset(&req, &dir, &name).await }
    }))
}

/// Encodings with a copy on disk, best first; the file itself (identity) always counts.
const PRECOMPRESSED: [(ContentEncoding, &str); 2] = [(ContentEncoding::Brotli, "br"), (ContentEncoding::Gzip, "gz")];

async fn asset(req: &HttpRequest, dir: &Path, name: &str) -> HttpResponse {
    // One plain file name: no way out of the folder, and a `.br` is never asked for by name.
    let plain = !name.is_empty() && !name.starts_with('.') && !name.contains(['/', '\\']);
    if !plain || PRECOMPRESSED.iter().any(|(_, ext)| name.ends_with(&format!(".{ext}"))) {
        return not_found();
    }
    let path = dir.join(name);
    let Ok(original) = NamedFile::open_async(&path).await else { return not_found() };
    let content_type = original.content_type().clone();
    let mut response = match chosen_encoding(req, &path) {
        Some((encoding, ext)) => match NamedFile::open_async(path.with_file_name(format!("{name}.{ext}"))).await {
            Ok(file) => file.set_content_type(content_type).set_content_encoding(encoding).into_response(req),
            Err(_) => original.into_response(req),
        },
        None => original.into_response(req),
    };
    // Caches must keep the brotli, gzip and plain answers apart.
    response.headers_mut().append(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    response
}

/// The best encoding the browser accepts among the copies that exist; `None` for the file itself.
fn chosen_encoding(req: &HttpRequest, path: &Path) -> Option<(ContentEncoding, &'static str)> {
    let accepted = req.get_header::<AcceptEncoding>()?;
    let on_disk: Vec<_> = PRECOMPRESSED
        .into_iter()
        .filter(|(_, ext)| path.with_file_name(format!("{}.{ext}", file_name(path))).is_file())
        .collect();
    let supported: Vec<Encoding> =
        on_disk.iter().map(|(e, _)| Encoding::Known(*e)).chain([Encoding::identity()]).collect();
    match accepted.negotiate(supported.iter())? {
        Encoding::Known(chosen) => on_disk.into_iter().find(|(e, _)| *e == chosen),
        Encoding::Unknown(_) => None,
    }
}

fn file_name(path: &Path) -> &str {
    path.file_name().and_then(|n| n.to_str()).unwrap_or_default()
}

fn not_found() -> HttpResponse {
    HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found")
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

/// Every other page path: `page`, the storefront's shell written with the shop's identity, for
/// the browser's router to show the page.
fn spa_fallback(
    req: ServiceRequest,
    page: fn(&HttpRequest) -> HttpResponse,
) -> Result<ServiceResponse, actix_web::Error> {
    let (req, _) = req.into_parts();
    // A missing script, style or image must stay a 404: answering HTML in its place would be
    // parsed as code by the browser.
    let last_segment = req.path().rsplit('/').next().unwrap_or_default();
    if req.path().starts_with("/assets/") || last_segment.contains('.') {
        return Ok(ServiceResponse::new(req, not_found()));
    }
    let response = page(&req);
    Ok(ServiceResponse::new(req, response))
}
