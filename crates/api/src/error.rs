//! The one error envelope of the API: `{"code", "message", "fields"?}`.
//!
//! `code` is stable English snake_case for the frontend to branch on; `message` is the French
//! sentence shown to the shopper. Causes of 500s are logged here and never sent to the client.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

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
}

#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
    fields: Option<BTreeMap<String, String>>,
    cause: Option<anyhow::Error>,
    retry_after: Option<std::time::Duration>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self { status, code, message: message.into(), fields: None, cause: None, retry_after: None }
    }

    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    pub fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, code, message)
    }

    pub fn unauthorized(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, code, message)
    }

    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    /// 400 with one French message per field; `message` sums it up.
    pub fn validation(message: impl Into<String>, fields: BTreeMap<String, String>) -> Self {
        Self { fields: Some(fields), ..Self::bad_request("validation_failed", message) }
    }

    /// 429, telling the client when to try again.
    pub fn too_many_requests(message: impl Into<String>, wait: std::time::Duration) -> Self {
        Self { retry_after: Some(wait), ..Self::new(StatusCode::TOO_MANY_REQUESTS, "too_many_requests", message) }
    }

    pub fn unavailable(cause: impl Into<anyhow::Error>) -> Self {
        Self {
            cause: Some(cause.into()),
            ..Self::new(StatusCode::SERVICE_UNAVAILABLE, "service_unavailable", MSG_UNAVAILABLE)
        }
    }

    /// A bug or an unexpected failure: logged with its cause, answered without it.
    pub fn internal(cause: impl Into<anyhow::Error>) -> Self {
        let cause = cause.into();
        if bitik_common::is_unavailable(cause.as_ref()) {
            return Self::unavailable(cause);
        }
        Self { cause: Some(cause), ..Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal_error", MSG_SERVER_ERROR) }
    }

    /// The same error, naming `field` as the one at fault.
    pub fn with_field(mut self, field: impl Into<String>, message: impl Into<String>) -> Self {
        self.fields.get_or_insert_with(BTreeMap::new).insert(field.into(), message.into());
        self
    }

    pub fn code(&self) -> &'static str {
        self.code
    }

    pub fn body(&self) -> ErrorBody {
        ErrorBody { code: self.code.to_owned(), message: self.message.clone(), fields: self.fields.clone() }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status.as_u16(), self.code)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        if let Some(cause) = &self.cause {
            if self.status == StatusCode::SERVICE_UNAVAILABLE {
                tracing::warn!(error = format!("{cause:#}"), "answered 503");
            } else {
                tracing::error!(error = format!("{cause:#}"), "answered 500");
            }
        }
        let mut response = HttpResponse::build(self.status);
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response.insert_header((header::RETRY_AFTER, HeaderValue::from_static("5")));
        }
        if let Some(wait) = self.retry_after {
            response.insert_header((header::RETRY_AFTER, wait.as_secs().max(1).to_string()));
        }
        response.json(self.body())
    }
}

impl From<bitik_identity::IdentityError> for ApiError {
    fn from(error: bitik_identity::IdentityError) -> Self {
        use bitik_identity::IdentityError as E;
        let message = error.to_string();
        match error {
            E::Validation { message, fields } => ApiError::validation(message, owned(fields)),
            E::EmailTaken => ApiError {
                fields: Some(BTreeMap::from([("email".to_owned(), message.clone())])),
                ..ApiError::conflict("email_taken", message)
            },
            E::InvalidEmail => field_error("email", "invalid_email", message),
            E::PasswordTooShort => field_error("password", "password_too_short", message),
            E::InvalidCredentials => ApiError::unauthorized("invalid_credentials", message),
            E::AccountDisabled => ApiError::new(StatusCode::FORBIDDEN, "account_disabled", message),
            E::Unauthenticated => ApiError::unauthorized("session_expired", message),
            E::IncorrectCurrentPassword => ApiError::unauthorized("incorrect_current_password", message),
            E::AddressNotFound => ApiError::new(StatusCode::NOT_FOUND, "address_not_found", message),
            E::UserNotFound => ApiError::new(StatusCode::NOT_FOUND, "user_not_found", message),
            // The link is the resource its token names: unknown, used or expired, there is none.
            E::InvalidResetToken => ApiError::new(StatusCode::NOT_FOUND, "invalid_reset_token", message),
            E::CannotDeleteAdmin => ApiError::conflict("cannot_delete_admin", message),
            E::CannotDeactivateSelf => ApiError::conflict("cannot_deactivate_self", message),
            E::CannotDemoteSelf => ApiError::conflict("cannot_change_own_role", message),
            E::Repository(_) => ApiError::internal(error),
        }
    }
}

impl From<bitik_identity::newsletter::NewsletterError> for ApiError {
    fn from(error: bitik_identity::newsletter::NewsletterError) -> Self {
        use bitik_identity::newsletter::NewsletterError as E;
        match error {
            E::InvalidEmail => field_error("email", "invalid_email", error.to_string()),
            E::Repository(_) => ApiError::internal(error),
        }
    }
}

impl From<bitik_cart::CartError> for ApiError {
    fn from(error: bitik_cart::CartError) -> Self {
        use bitik_cart::CartError as E;
        let message = error.to_string();
        match error {
            E::Choice(choice) => choice.into(),
            E::UnknownVariant => ApiError::bad_request("unknown_variant", message),
            E::InsufficientStock { .. } => ApiError::bad_request("insufficient_stock", message),
            E::ProductNotFound => ApiError::new(StatusCode::NOT_FOUND, "product_not_found", message),
            E::ItemNotFound => ApiError::new(StatusCode::NOT_FOUND, "cart_item_not_found", message),
            E::TooManyItems => ApiError::bad_request("too_many_items", message),
            E::Repository(_) => ApiError::internal(error),
        }
    }
}

impl From<bitik_catalog::ChoiceError> for ApiError {
    fn from(error: bitik_catalog::ChoiceError) -> Self {
        use bitik_catalog::ChoiceError as E;
        let message = error.to_string();
        match error {
            E::InvalidProductId => field_error("productId", "invalid_product_id", message),
            E::MissingVariant => ApiError::bad_request("missing_variant", message),
            E::QuantityTooSmall | E::QuantityNotWhole => field_error("quantity", "invalid_quantity", message),
        }
    }
}

impl From<bitik_common::InvalidPage> for ApiError {
    fn from(error: bitik_common::InvalidPage) -> Self {
        let mut api_error =
            ApiError::validation(error.message, BTreeMap::from([(error.field.to_owned(), error.message.to_owned())]));
        api_error.code = "invalid_query";
        api_error
    }
}

impl From<bitik_orders::OrderError> for ApiError {
    fn from(error: bitik_orders::OrderError) -> Self {
        use bitik_orders::OrderError as E;
        let message = error.to_string();
        match error {
            E::Validation { message, fields } => ApiError::validation(message, owned(fields)),
            E::EmptyOrder => ApiError::bad_request("empty_order", message),
            E::TooManyLines => ApiError::bad_request("too_many_lines", message),
            E::Choice(choice) => choice.into(),
            E::UnknownVariant { .. } => ApiError::bad_request("unknown_variant", message),
            E::ProductUnavailable => ApiError::conflict("product_unavailable", message),
            E::OutOfStock { .. } => ApiError::conflict("insufficient_stock", message),
            E::NotFound => ApiError::new(StatusCode::NOT_FOUND, "order_not_found", message),
            E::CannotCancel => ApiError::conflict("order_not_cancellable", message),
            E::SameStatus => ApiError::conflict("same_status", message),
            E::UnknownStatus => field_error("status", "unknown_status", message),
            E::ReopenOutOfStock { .. } => ApiError::conflict("insufficient_stock", message),
            E::NotCashOnDelivery => ApiError::conflict("not_cash_on_delivery", message),
            E::AlreadyPaid => ApiError::conflict("already_paid", message),
            E::CancelledOrder => ApiError::conflict("order_cancelled", message),
            E::Concurrent => ApiError::conflict("order_changed", message),
            E::Repository(_) => ApiError::internal(error),
        }
    }
}

impl From<bitik_payments::PaymentError> for ApiError {
    fn from(error: bitik_payments::PaymentError) -> Self {
        use bitik_payments::PaymentError as E;
        let message = error.to_string();
        match error {
            E::OrderIdRequired => field_error("orderId", "order_id_required", message),
            E::InvalidOrderId => field_error("orderId", "invalid_order_id", message),
            E::OrderNotFound => ApiError::new(StatusCode::NOT_FOUND, "order_not_found", message),
            E::SessionNotFound => ApiError::new(StatusCode::NOT_FOUND, "payment_session_not_found", message),
            E::NotWaveOrder => ApiError::conflict("not_wave_order", message),
            E::AlreadyPaid => ApiError::conflict("already_paid", message),
            E::NotPayable => ApiError::conflict("order_not_payable", message),
            E::SessionExpired => ApiError::conflict("session_expired", message),
            E::InitFailed(cause) => {
                tracing::warn!(error = %cause, "Wave could not open a checkout session");
                ApiError::new(StatusCode::BAD_GATEWAY, "payment_init_failed", message)
            }
            E::GatewayUnavailable(cause) => {
                tracing::warn!(error = %cause, "Wave could not be asked");
                ApiError::new(StatusCode::BAD_GATEWAY, "payment_provider_unavailable", message)
            }
            E::RateLimited { retry_after } => {
                let mut api_error = ApiError::too_many_requests(message, retry_after);
                api_error.code = "payment_rate_limited";
                api_error
            }
            E::InvalidSignature(why) => {
                tracing::warn!(why, "a Wave webhook delivery was refused");
                ApiError::unauthorized("invalid_signature", message)
            }
            E::InvalidEvent(why) => {
                tracing::warn!(why, "a signed Wave webhook delivery could not be read");
                ApiError::bad_request("invalid_event", message)
            }
            E::Repository(_) => ApiError::internal(error),
        }
    }
}

/// A form's field errors as the envelope carries them.
fn owned(fields: BTreeMap<&'static str, String>) -> BTreeMap<String, String> {
    fields.into_iter().map(|(field, message)| (field.to_owned(), message)).collect()
}

/// A 400 about one field, its message repeated as the summary.
fn field_error(field: &str, code: &'static str, message: String) -> ApiError {
    let mut error = ApiError::validation(message.clone(), BTreeMap::from([(field.to_owned(), message)]));
    error.code = code;
    error
}

/// The envelope for a bare status, used when actix or a middleware answers on its own.
pub fn for_status(status: StatusCode) -> ApiError {
    let (code, message) = match status.as_u16() {
        400 => ("bad_request", "Requête invalide."),
        401 => ("unauthorized", "Veuillez vous connecter pour continuer."),
        403 => ("forbidden", "Accès refusé."),
        404 => ("not_found", "Cette adresse n'existe pas."),
        405 => ("method_not_allowed", "Cette méthode n'est pas permise ici."),
        408 => ("request_timeout", "La requête a pris trop de temps."),
        413 => ("payload_too_large", "La requête est trop volumineuse."),
        415 => ("unsupported_media_type", "Le contenu doit être envoyé au format JSON."),
        429 => ("too_many_requests", "Trop de tentatives. Veuillez réessayer dans quelques minutes."),
        503 => ("service_unavailable", MSG_UNAVAILABLE),
        s if s >= 500 => ("internal_error", MSG_SERVER_ERROR),
        _ => ("bad_request", "Requête invalide."),
    };
    ApiError::new(status, code, message)
}

impl From<bitik_catalog::CatalogError> for ApiError {
    fn from(error: bitik_catalog::CatalogError) -> Self {
        use bitik_catalog::CatalogError as E;
        match error {
            E::NotFound => ApiError::new(StatusCode::NOT_FOUND, "product_not_found", error.to_string()),
            E::InvalidQuery { field, message } => {
                let mut api_error =
                    ApiError::validation(message.clone(), BTreeMap::from([(field.to_owned(), message)]));
                api_error.code = "invalid_query";
                api_error
            }
            E::Validation { message, fields } => ApiError::validation(message, owned(fields)),
            E::Repository(_) => ApiError::internal(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_has_a_french_message() {
        for status in [400, 401, 403, 404, 405, 413, 415, 429, 500, 503] {
            let error = for_status(StatusCode::from_u16(status).unwrap());
            assert_eq!(error.status_code().as_u16(), status);
            assert!(!error.body().message.is_empty());
        }
    }
}
