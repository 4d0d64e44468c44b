//! What is answered before or instead of a handler, in the one envelope: an unknown route, a
//! method its path does not take (405 with `Allow`, from the OpenAPI document), and bodies,
//! queries or paths the extractors cannot read.

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, ResponseError};

use crate::error::{ApiError, Code, MSG_INVALID_DATA, for_status};

/// A path the API has, asked with a method it does not take, answers 405 with the methods it
/// does take (from the OpenAPI document, so the two cannot disagree); any other path, 404.
pub async fn unknown_route(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    method_not_allowed(&req).ok_or_else(|| ApiError::new(Code::NotFound, "Cette adresse de l'API n'existe pas."))
}

/// The 405 answer when the document lists `req`'s path but not its method.
pub fn method_not_allowed(req: &HttpRequest) -> Option<HttpResponse> {
    let path = req.path().strip_prefix("/api")?;
    let allowed = crate::openapi::methods_of(path);
    if allowed.is_empty() || allowed.contains(&req.method().as_str()) {
        return None;
    }
    let mut response = for_status(StatusCode::METHOD_NOT_ALLOWED).error_response();
    if let Ok(value) = HeaderValue::from_str(&allowed.join(", ")) {
        response.headers_mut().insert(header::ALLOW, value);
    }
    Some(response)
}

/// JSON bodies that actix cannot read: wrong content type, too large, malformed, wrong shape.
pub fn json_error(error: actix_web::error::JsonPayloadError, _req: &HttpRequest) -> actix_web::Error {
    use actix_web::error::JsonPayloadError as E;
    let api_error = match &error {
        E::ContentType => for_status(StatusCode::UNSUPPORTED_MEDIA_TYPE),
        E::OverflowKnownLength { .. } | E::Overflow { .. } => for_status(StatusCode::PAYLOAD_TOO_LARGE),
        E::Deserialize(e) if e.is_data() => {
            let mut api_error = ApiError::new(Code::InvalidBody, MSG_INVALID_DATA);
            if let Some(field) = field_of_serde_error(&e.to_string()) {
                api_error = api_error.with_field(field, "Valeur invalide.");
            }
            api_error
        }
        E::Deserialize(_) | E::Payload(_) => {
            ApiError::new(Code::MalformedJson, "Le corps de la requête n'est pas un JSON valide.")
        }
        _ => ApiError::new(Code::MalformedJson, "Le corps de la requête n'est pas un JSON valide."),
    };
    actix_web::error::InternalError::from_response(error, api_error.error_response()).into()
}

/// Query strings that cannot be read into the handler's parameters.
pub fn query_error(error: actix_web::error::QueryPayloadError, _req: &HttpRequest) -> actix_web::Error {
    let mut api_error = ApiError::new(Code::InvalidQuery, "Paramètres de recherche invalides.");
    if let Some(field) = field_of_serde_error(&error.to_string()) {
        api_error = api_error.with_field(field, "Valeur invalide.");
    }
    actix_web::error::InternalError::from_response(error, api_error.error_response()).into()
}

/// Path segments of the wrong shape (an id that is not one) name nothing that exists.
/// A literal path taken for a parameter by a route of another method (`PUT /products/promotions`
/// reaching `PUT /products/{idOrSlug}`) is a method the path does not take: 405.
pub fn path_error(error: actix_web::error::PathError, req: &HttpRequest) -> actix_web::Error {
    let answer = method_not_allowed(req)
        .unwrap_or_else(|| ApiError::new(Code::NotFound, "Ressource introuvable.").error_response());
    actix_web::error::InternalError::from_response(error, answer).into()
}

/// serde names the offending field in backquotes: "unknown field `x`", "missing field `x`",
/// or "x: invalid type" for serde_urlencoded / serde_path_to_error style messages.
fn field_of_serde_error(message: &str) -> Option<String> {
    let start = message.find('`')? + 1;
    let end = start + message[start..].find('`')?;
    let field = &message[start..end];
    (!field.is_empty() && field.len() < 64 && field.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .then(|| field.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_field_serde_complains_about() {
        assert_eq!(field_of_serde_error("missing field `email` at line 1"), Some("email".into()));
        assert_eq!(field_of_serde_error("invalid type: string"), None);
    }
}
