//! Product pictures sent by the back office: checked by decoding, re-encoded without metadata
//! in several widths, named by their content and written to the picture store (`UPLOAD_DIR` or
//! a bucket) before their addresses are answered, so before any product row names them.

use actix_multipart::{Field, Multipart, MultipartError};
use actix_web::{HttpRequest, HttpResponse, post, web};
use futures_util::StreamExt;
use serde::Serialize;
use tokio::sync::Semaphore;
use utoipa::ToSchema;

use bitik_api::auth::{Staff, can};
use bitik_api::error::{ApiError, Code, ErrorBody};
use bitik_api::responses::Data;
use bitik_api::state::AppState;
use bitik_identity::audit::Target;
use bitik_images::{self as media, MAX_UPLOAD_BYTES, PictureStore, PreparedPicture, UploadRefusal};

/// Files one request may carry (the product form's image tab never needs more).
pub const MAX_FILES: usize = 10;
/// The only `type` there is: product pictures, stored under `products/`.
const PRODUCT: &str = "product";
const COLLECTION: &str = "products";
/// Longest text field read (`type`); anything longer is not a type.
const MAX_TEXT_FIELD: usize = 64;

pub const MSG_NOT_AN_IMAGE: &str = "Certains fichiers ne sont pas des images valides";
const MSG_TOO_HEAVY: &str = "Chaque image doit peser au plus 10 Mo.";
const MSG_TOO_LARGE: &str = "Image trop grande : 8000 pixels de côté et 40 mégapixels au plus.";

/// Decoding and resizing take a core and up to a few hundred megabytes: one upload at a time
/// on the shop's two cores leaves the other to shoppers.
static IMAGE_WORK: Semaphore = Semaphore::const_new(1);

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(upload_images);
}

#[derive(Serialize, ToSchema)]
pub struct UploadedDto {
    /// One per file, in the order sent: the 800-px JPEG; `400`/`1200` and `.webp` siblings exist.
    #[schema(example = json!(["/uploads/products/k3j2h1g0f9e8d7c6/800.jpg"]))]
    urls: Vec<String>,
}

/// The form as sent: `images` (repeated) and `type`. It only describes the form to OpenAPI:
/// the handler reads the stream itself, to stop at the first file over the limits.
/// Other fields are refused, not skipped (`read_form`): `deny_unknown_fields` is how utoipa
/// writes `additionalProperties: false`.
#[derive(utoipa::ToSchema, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub struct UploadForm {
    /// 1 to 10 JPEG, PNG or WebP files of at most 10 MB, 8000 px a side and 40 megapixels.
    #[schema(value_type = Vec<String>, format = Binary, min_items = 1, max_items = 10)]
    images: Vec<Vec<u8>>,
    /// `product` (the default and only value; sent blank it is refused like any other).
    #[schema(schema_with = upload_kind)]
    r#type: Option<String>,
}

fn upload_kind() -> utoipa::openapi::schema::Object {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some([PRODUCT])).build()
}

fn invalid_image() -> ApiError {
    ApiError::new(Code::InvalidImage, MSG_NOT_AN_IMAGE)
}

fn too_large(message: &str) -> ApiError {
    ApiError::new(Code::ImageTooLarge, message)
}

fn refusal(refusal: UploadRefusal) -> ApiError {
    match refusal {
        UploadRefusal::NotAnImage => invalid_image(),
        UploadRefusal::TooLarge => too_large(MSG_TOO_LARGE),
    }
}

fn multipart_error(error: MultipartError) -> ApiError {
    match error {
        MultipartError::ContentTypeMissing
        | MultipartError::ContentTypeParse
        | MultipartError::ContentTypeIncompatible
        | MultipartError::BoundaryMissing => {
            ApiError::new(Code::UnsupportedMediaType, "Les images doivent être envoyées en multipart/form-data.")
        }
        _ => ApiError::new(Code::MalformedUpload, "L'envoi est incomplet ou mal formé. Veuillez réessayer."),
    }
}

/// Reads a field whole, refusing it as soon as it passes `limit` bytes.
async fn read_field(field: &mut Field, limit: usize, over: impl Fn() -> ApiError) -> Result<Vec<u8>, ApiError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.next().await {
        let chunk = chunk.map_err(multipart_error)?;
        if bytes.len() + chunk.len() > limit {
            return Err(over());
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

/// The files and the type, read from the stream; nothing is decoded yet.
async fn read_form(mut form: Multipart) -> Result<(Vec<Vec<u8>>, Option<String>), ApiError> {
    let mut files = Vec::new();
    let mut kind = None;
    while let Some(field) = form.next().await {
        let mut field = field.map_err(multipart_error)?;
        match field.name() {
            Some("images") => {
                if files.len() == MAX_FILES {
                    return Err(ApiError::new(Code::TooManyImages, "10 images au plus par envoi."));
                }
                files.push(read_field(&mut field, MAX_UPLOAD_BYTES, || too_large(MSG_TOO_HEAVY)).await?);
            }
            Some("type") => {
                let raw = read_field(&mut field, MAX_TEXT_FIELD, || {
                    ApiError::new(Code::UnknownUploadType, "Type d'envoi inconnu.")
                })
                .await?;
                kind = Some(String::from_utf8_lossy(&raw).into_owned());
            }
            // Refused rather than skipped: reading unknown fields would let a request grow unbounded.
            other => {
                let name = other.unwrap_or_default().chars().take(MAX_TEXT_FIELD).collect::<String>();
                return Err(ApiError::new(
                    Code::UnexpectedField,
                    format!("Champ inattendu dans l'envoi : {name}. Champs attendus : images, type."),
                ));
            }
        }
    }
    Ok((files, kind))
}

/// Decodes and encodes every file, in order, before any is stored: a file that does not decode
/// refuses the upload with nothing written.
fn prepare_all(files: Vec<Vec<u8>>) -> Result<Vec<PreparedPicture>, ApiError> {
    files
        .iter()
        .map(|bytes| {
            let img = media::decode_upload(bytes).map_err(refusal)?;
            media::prepare_variants(&img, COLLECTION).map_err(ApiError::internal)
        })
        .collect()
}

/// Writes the pictures to the store and answers their addresses. Keys name contents, so a
/// picture another product shows is not written again, and a write that failed half-way leaves
/// only files no product names (never removed: another upload may name the same ones).
async fn store_all(pictures: Vec<PreparedPicture>, store: &dyn PictureStore) -> Result<Vec<String>, ApiError> {
    let mut urls = Vec::with_capacity(pictures.len());
    for picture in pictures {
        urls.push(picture.store(store).await.map_err(|e| ApiError::internal(anyhow::anyhow!(e)))?);
    }
    Ok(urls)
}

/// Stores product pictures: each file must really be a JPEG, PNG or WebP (checked by decoding,
/// whatever its name or declared type), within the size and pixel limits; it is re-encoded
/// without metadata, 400/800/1200 px wide, JPEG and WebP, under a name made of its content. All
/// files are checked from their headers before any is decoded, and all are decoded before any
/// is stored.
#[utoipa::path(operation_id = "picture.upload", tag = "admin", security(("bearer" = ["products.manage"])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The stored pictures' URLs", body = Data<UploadedDto>),
        (status = 400, description = "No image, more than 10, or an unknown `type`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 413, description = "A file over 10 MB, 8000 px a side or 40 megapixels", body = ErrorBody),
        (status = 415, description = "`Certains fichiers ne sont pas des images valides`, or not multipart", body = ErrorBody),
))]
#[post("/upload/images")]
async fn upload_images(
    _admin: Staff<can::ManageProducts>,
    req: HttpRequest,
    payload: web::Payload,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let form = Multipart::new(req.headers(), payload.into_inner());
    let (files, kind) = read_form(form).await?;
    if kind.as_deref().is_some_and(|kind| kind != PRODUCT) {
        return Err(ApiError::new(Code::UnknownUploadType, "Type d'envoi inconnu."));
    }
    if files.is_empty() {
        return Err(ApiError::new(Code::NoImage, "Aucune image reçue."));
    }
    for bytes in &files {
        media::check_upload(bytes).map_err(refusal)?;
    }
    let pictures = {
        let _turn = IMAGE_WORK.acquire().await.map_err(ApiError::internal)?;
        web::block(move || prepare_all(files)).await.map_err(ApiError::internal)??
    };
    let urls = store_all(pictures, state.pictures.as_ref()).await?;
    // Storing files changes no row: the entry is written here.
    let label = urls.join(", ");
    state.audit.record_current(Target { kind: "picture".into(), id: String::new(), label }).await?;
    Ok(HttpResponse::Created().json(Data::new(UploadedDto { urls })))
}
