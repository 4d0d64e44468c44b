//! The one error envelope of the API: `{"code", "message", "fields"?, "rows"?}`.
//!
//! `code` is stable English snake_case for the frontend to branch on, and decides the status
//! (`codes.rs`, one table); `message` is the French sentence shown to the shopper. Causes of
//! 500s and 503s are logged here and never sent to the client. Each context's errors become
//! envelopes in `conversions.rs`.

mod codes;
mod conversions;

use std::collections::BTreeMap;
use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

pub use codes::Code;

pub const MSG_SERVER_ERROR: &str = "Erreur serveur. Veuillez réessayer plus tard.";
pub const MSG_UNAVAILABLE: &str =
    "Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.";
pub const MSG_INVALID_DATA: &str = "Données invalides. Vérifiez vos informations.";

/// What every failed request answers.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// Stable machine-readable code, e.g. `insufficient_stock`.
    #[schema(example = "not_found")]
    pub code: String,
    /// French sentence to show the user.
    #[schema(example = "Produit non trouvé")]
    pub message: String,
    /// Per-field French messages, for validation errors only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
    /// Per-row French messages, for a file's rows (`invalid_import`) only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rows: Option<Vec<RowProblem>>,
}

/// What is wrong in one cell of an uploaded file.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RowProblem {
    /// The file's line (the header is line 1).
    #[schema(example = 3)]
    pub row: u64,
    #[schema(example = "price")]
    pub column: String,
    #[schema(example = "Un nombre entier de francs est attendu")]
    pub message: String,
}

/// A failed request: a code (which decides the status) and the sentence the client reads.
#[derive(Debug)]
pub struct ApiError {
    code: Code,
    message: String,
    fields: Option<BTreeMap<String, String>>,
    rows: Option<Vec<RowProblem>>,
    cause: Option<anyhow::Error>,
    retry_after: Option<Duration>,
}

impl ApiError {
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        Self { code, message: message.into(), fields: None, rows: None, cause: None, retry_after: None }
    }

    /// `validation_failed` with one French message per field; `message` sums it up.
    pub fn validation(message: impl Into<String>, fields: BTreeMap<String, String>) -> Self {
        Self { fields: Some(fields), ..Self::new(Code::ValidationFailed, message) }
    }

    /// `invalid_import`: the file's rows and what is wrong in each; `message` sums it up.
    pub fn rows(message: impl Into<String>, rows: Vec<RowProblem>) -> Self {
        Self { rows: Some(rows), ..Self::new(Code::InvalidImport, message) }
    }

    /// `code` about one field, its message repeated as the summary.
    pub fn field(field: &str, code: Code, message: impl Into<String>) -> Self {
        let message = message.into();
        Self::new(code, message.clone()).with_field(field, message)
    }

    /// The database (or a service the shop depends on) does not answer: 503, logged as a warning.
    pub fn unavailable(cause: impl Into<anyhow::Error>) -> Self {
        Self { cause: Some(cause.into()), ..Self::new(Code::ServiceUnavailable, MSG_UNAVAILABLE) }
    }

    /// A bug or an unexpected failure: logged with its cause, answered without it. Only a cause
    /// marked [`bitik_common::Unavailable`] somewhere in its chain answers 503 instead.
    pub fn internal(cause: impl Into<anyhow::Error>) -> Self {
        let cause = cause.into();
        if bitik_common::is_unavailable(cause.as_ref()) {
            return Self::unavailable(cause);
        }
        Self { cause: Some(cause), ..Self::new(Code::InternalError, MSG_SERVER_ERROR) }
    }

    /// The same error, naming `field` as the one at fault.
    pub fn with_field(mut self, field: impl Into<String>, message: impl Into<String>) -> Self {
        self.fields.get_or_insert_with(BTreeMap::new).insert(field.into(), message.into());
        self
    }

    /// The same error, telling the client when to try again (`Retry-After`).
    pub fn with_retry_after(self, wait: Duration) -> Self {
        Self { retry_after: Some(wait), ..self }
    }

    pub fn code(&self) -> Code {
        self.code
    }

    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            code: self.code.as_str().to_owned(),
            message: self.message.clone(),
            fields: self.fields.clone(),
            rows: self.rows.clone(),
        }
    }

    fn log_cause(&self) {
        let Some(cause) = &self.cause else { return };
        if self.code == Code::ServiceUnavailable {
            tracing::warn!(error = format!("{cause:#}"), "answered 503");
        } else {
            tracing::error!(error = format!("{cause:#}"), "answered {}", self.code.status().as_u16());
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.code.status().as_u16(), self.code.as_str())
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.code.status()
    }

    fn error_response(&self) -> HttpResponse {
        self.log_cause();
        let mut response = HttpResponse::build(self.status_code());
        let retry_after = match self.code {
            Code::ServiceUnavailable => Some(HeaderValue::from_static("5")),
            _ => self.retry_after.and_then(|wait| HeaderValue::from_str(&wait.as_secs().max(1).to_string()).ok()),
        };
        if let Some(retry_after) = retry_after {
            response.insert_header((header::RETRY_AFTER, retry_after));
        }
        response.json(self.body())
    }
}

/// The envelope for a bare status, used when actix or a middleware answers on its own. A status
/// the table has no plain code for is answered as the first of its class (400 or 500), which is
/// how HTTP tells clients to read a status they do not know.
pub fn for_status(status: StatusCode) -> ApiError {
    let (code, message) = match status.as_u16() {
        401 => (Code::Unauthorized, "Veuillez vous connecter pour continuer."),
        403 => (Code::Forbidden, "Accès refusé."),
        404 => (Code::NotFound, "Cette adresse n'existe pas."),
        405 => (Code::MethodNotAllowed, "Cette méthode n'est pas permise ici."),
        408 => (Code::RequestTimeout, "La requête a pris trop de temps."),
        413 => (Code::PayloadTooLarge, "La requête est trop volumineuse."),
        415 => (Code::UnsupportedMediaType, "Le contenu doit être envoyé au format JSON."),
        429 => (Code::TooManyRequests, "Trop de tentatives. Veuillez réessayer dans quelques minutes."),
        503 => (Code::ServiceUnavailable, MSG_UNAVAILABLE),
        s if s >= 500 => (Code::InternalError, MSG_SERVER_ERROR),
        _ => (Code::BadRequest, "Requête invalide."),
    };
    ApiError::new(code, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_has_a_french_message() {
        for status in [400, 401, 403, 404, 405, 408, 413, 415, 429, 500, 503] {
            let error = for_status(StatusCode::from_u16(status).unwrap());
            assert_eq!(error.status_code().as_u16(), status);
            assert!(!error.body().message.is_empty());
        }
    }

    #[test]
    fn a_status_the_table_does_not_name_is_answered_as_its_class() {
        assert_eq!(for_status(StatusCode::LENGTH_REQUIRED).body().code, "bad_request");
        assert_eq!(for_status(StatusCode::LENGTH_REQUIRED).status_code(), StatusCode::BAD_REQUEST);
        assert_eq!(for_status(StatusCode::NOT_IMPLEMENTED).status_code(), StatusCode::INTERNAL_SERVER_ERROR);
    }

    #[test]
    fn a_failure_is_503_only_when_something_in_its_causes_did_not_answer() {
        let gone = anyhow::Error::new(bitik_common::Unavailable("pool timed out".into())).context("storage failed");
        let unreadable = anyhow::anyhow!("stored order has an invalid status: \"refused\"").context("storage failed");
        assert_eq!(ApiError::internal(gone).status_code(), StatusCode::SERVICE_UNAVAILABLE);
        let bug = ApiError::internal(unreadable);
        assert_eq!(
            (bug.status_code(), bug.body().code.as_str()),
            (StatusCode::INTERNAL_SERVER_ERROR, "internal_error")
        );
    }

    #[test]
    fn retry_after_is_sent_with_503_and_with_the_wait_asked() {
        let unavailable = ApiError::unavailable(anyhow::anyhow!("pool timed out")).error_response();
        assert_eq!(unavailable.headers().get(header::RETRY_AFTER).unwrap(), "5");
        let limited = ApiError::new(Code::TooManyRequests, "Trop de tentatives.")
            .with_retry_after(Duration::from_secs(90))
            .error_response();
        assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(limited.headers().get(header::RETRY_AFTER).unwrap(), "90");
    }
}
