//! The one table from error code to HTTP status: every code the API answers is a [`Code`], and
//! a code is answered with its status only, wherever the error comes from.

use actix_web::http::StatusCode;

/// `Code::Variant = "snake_case_code", STATUS;` lines: the enum, its spellings and its statuses
/// are made from the same line, so a code cannot be given two statuses.
macro_rules! codes {
    ($($name:ident = $code:literal, $status:ident;)*) => {
        /// A stable machine-readable code, the `code` of the error envelope.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Code {
            $($name,)*
        }

        impl Code {
            /// The whole table.
            pub const ALL: &'static [Code] = &[$(Code::$name,)*];

            /// What the client reads in `code`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$name => $code,)*
                }
            }

            pub fn status(self) -> StatusCode {
                match self {
                    $(Code::$name => StatusCode::$status,)*
                }
            }
        }
    };
}

codes! {
    // A request as HTTP sees it (also what actix and the middleware answer on their own).
    BadRequest = "bad_request", BAD_REQUEST;
    Unauthorized = "unauthorized", UNAUTHORIZED;
    Forbidden = "forbidden", FORBIDDEN;
    NotFound = "not_found", NOT_FOUND;
    MethodNotAllowed = "method_not_allowed", METHOD_NOT_ALLOWED;
    RequestTimeout = "request_timeout", REQUEST_TIMEOUT;
    PayloadTooLarge = "payload_too_large", PAYLOAD_TOO_LARGE;
    UnsupportedMediaType = "unsupported_media_type", UNSUPPORTED_MEDIA_TYPE;
    TooManyRequests = "too_many_requests", TOO_MANY_REQUESTS;
    InternalError = "internal_error", INTERNAL_SERVER_ERROR;
    ServiceUnavailable = "service_unavailable", SERVICE_UNAVAILABLE;
    // As much password work as the machine can do is under way: try again in a few seconds.
    ServerBusy = "server_busy", SERVICE_UNAVAILABLE;
    // Readiness: this instance drains before it stops, or cannot serve yet.
    NotReady = "not_ready", SERVICE_UNAVAILABLE;

    // Bodies, queries and forms.
    ValidationFailed = "validation_failed", BAD_REQUEST;
    InvalidQuery = "invalid_query", BAD_REQUEST;
    InvalidBody = "invalid_body", BAD_REQUEST;
    MalformedJson = "malformed_json", BAD_REQUEST;
    NulCharacter = "nul_character", BAD_REQUEST;

    // Accounts.
    EmailTaken = "email_taken", CONFLICT;
    InvalidEmail = "invalid_email", BAD_REQUEST;
    PasswordTooShort = "password_too_short", BAD_REQUEST;
    InvalidCredentials = "invalid_credentials", UNAUTHORIZED;
    AccountDisabled = "account_disabled", FORBIDDEN;
    SessionExpired = "session_expired", UNAUTHORIZED;
    IncorrectCurrentPassword = "incorrect_current_password", UNAUTHORIZED;
    AddressNotFound = "address_not_found", NOT_FOUND;
    // The book holds its most addresses: the request is fine, the book's size stands in the way.
    AddressBookFull = "address_book_full", CONFLICT;
    UserNotFound = "user_not_found", NOT_FOUND;
    // The link is the resource its token names: unknown, used or expired, there is none.
    InvalidResetToken = "invalid_reset_token", NOT_FOUND;
    CannotDeleteAdmin = "cannot_delete_admin", CONFLICT;
    CannotDeactivateSelf = "cannot_deactivate_self", CONFLICT;
    CannotChangeOwnRole = "cannot_change_own_role", CONFLICT;
    LastAdmin = "last_admin", CONFLICT;
    // Reset links by e-mail asked of a shop that sends no e-mail: the WhatsApp path remains.
    MailNotConfigured = "mail_not_configured", CONFLICT;

    // Two-step login: a wrong code is a failed login, as a wrong password is.
    InvalidTwoFactorCode = "invalid_two_factor_code", UNAUTHORIZED;
    // The password's challenge is unknown or expired: log in again from the password.
    TwoFactorChallengeExpired = "two_factor_challenge_expired", UNAUTHORIZED;
    TwoFactorAlreadyEnabled = "two_factor_already_enabled", CONFLICT;
    TwoFactorNotStarted = "two_factor_not_started", CONFLICT;
    TwoFactorNotEnabled = "two_factor_not_enabled", CONFLICT;
    // `STAFF_2FA=required` holds the role to it: it cannot be turned off.
    TwoFactorRequired = "two_factor_required", CONFLICT;
    // A session of a role held to it, before it is set up: only the set-up is open.
    TwoFactorSetupRequired = "two_factor_setup_required", FORBIDDEN;

    // Login by code: no channel to send codes by (as `mail_not_configured`); a wrong code (a failed login, as a wrong
    // password is); a code expired, used or killed by wrong tries: ask for another.
    LoginCodeUnavailable = "login_code_unavailable", CONFLICT;
    InvalidLoginCode = "invalid_login_code", UNAUTHORIZED;
    LoginCodeExpired = "login_code_expired", UNAUTHORIZED;

    // The outbox of messages.
    MessageNotFound = "message_not_found", NOT_FOUND;
    MessageAlreadyPending = "message_already_pending", CONFLICT;
    InvalidMessageState = "invalid_message_state", BAD_REQUEST;
    // A login code is good once, for 10 minutes: the customer asks for a new one.
    MessageNotResendable = "message_not_resendable", CONFLICT;
    // WhatsApp conversations: free text only within 24 hours of the customer's last message.
    ConversationNotFound = "conversation_not_found", NOT_FOUND;
    WhatsAppWindowClosed = "whatsapp_window_closed", CONFLICT;

    // The catalogue and the cart.
    ProductNotFound = "product_not_found", NOT_FOUND;
    // A product file whose rows break the product form's rules: nothing was imported.
    InvalidImport = "invalid_import", BAD_REQUEST;
    // A back-in-stock alert on a variant that can be bought now.
    InStock = "in_stock", CONFLICT;
    // An unsubscribe link no alert was sent with.
    AlertNotFound = "alert_not_found", NOT_FOUND;
    InvalidProductId = "invalid_product_id", BAD_REQUEST;
    MissingVariant = "missing_variant", BAD_REQUEST;
    InvalidQuantity = "invalid_quantity", BAD_REQUEST;
    UnknownVariant = "unknown_variant", BAD_REQUEST;
    // The request is fine; the shop's stock is what stands in the way.
    InsufficientStock = "insufficient_stock", CONFLICT;
    CartItemNotFound = "cart_item_not_found", NOT_FOUND;
    // More units of one variant than a line holds (`bitik_catalog::MAX_LINE_QUANTITY`).
    QuantityLimit = "quantity_limit", CONFLICT;
    TooManyItems = "too_many_items", BAD_REQUEST;
    // A cart or an order whose amount cannot be counted (`bitik_common::AmountTooLarge`): the
    // request may be well formed, the catalogue's prices times it are what stand in the way.
    AmountTooLarge = "amount_too_large", CONFLICT;

    // Orders.
    EmptyOrder = "empty_order", BAD_REQUEST;
    TooManyLines = "too_many_lines", BAD_REQUEST;
    ProductUnavailable = "product_unavailable", CONFLICT;
    OrderNotFound = "order_not_found", NOT_FOUND;
    OrderNotCancellable = "order_not_cancellable", CONFLICT;
    SameStatus = "same_status", CONFLICT;
    UnknownStatus = "unknown_status", BAD_REQUEST;
    NotCashOnDelivery = "not_cash_on_delivery", CONFLICT;
    AlreadyPaid = "already_paid", CONFLICT;
    OrderCancelled = "order_cancelled", CONFLICT;
    OrderNotDelivered = "order_not_delivered", CONFLICT;
    OrderNotCorrectable = "order_not_correctable", CONFLICT;
    NotSwitchableToCash = "not_switchable_to_cash", CONFLICT;
    OrderNotInvoiceable = "order_not_invoiceable", CONFLICT;
    OrderChanged = "order_changed", CONFLICT;
    // The account or the phone already holds its most orders awaiting payment.
    TooManyOpenOrders = "too_many_open_orders", CONFLICT;

    // Promo codes: the code is fine as a request; its rules, its uses or the cart stand in the way.
    PromoCodeRefused = "promo_code_refused", CONFLICT;
    // Its uses are all taken (a checkout racing for the last one lost): the shopper may order
    // without it.
    PromoCodeExhausted = "promo_code_exhausted", CONFLICT;
    PromoCodeNotFound = "promo_code_not_found", NOT_FOUND;
    PromoCodeExists = "promo_code_exists", CONFLICT;

    // Cash on delivery: confirmation, refusals at the door, phones.
    CashOnDeliveryRefused = "cash_on_delivery_refused", CONFLICT;
    UnknownConfirmation = "unknown_confirmation", BAD_REQUEST;
    AlreadyConfirmed = "already_confirmed", CONFLICT;
    OrderNotConfirmable = "order_not_confirmable", CONFLICT;
    OrderNotConfirmed = "order_not_confirmed", CONFLICT;
    // Like a reset link: a token that names no order is no resource.
    InvalidConfirmationLink = "invalid_confirmation_link", NOT_FOUND;
    ConfirmationLinkUsed = "confirmation_link_used", CONFLICT;
    OrderNotShipped = "order_not_shipped", CONFLICT;
    OrderReturned = "order_returned", CONFLICT;
    OrderNotRefused = "order_not_refused", CONFLICT;
    AlreadyReturned = "already_returned", CONFLICT;

    // Delivery zones.
    DeliveryZoneNotFound = "delivery_zone_not_found", NOT_FOUND;
    DeliveryZoneExists = "delivery_zone_exists", CONFLICT;
    CommuneInOtherZone = "commune_in_other_zone", CONFLICT;

    // Payments.
    OrderIdRequired = "order_id_required", BAD_REQUEST;
    InvalidOrderId = "invalid_order_id", BAD_REQUEST;
    PaymentSessionNotFound = "payment_session_not_found", NOT_FOUND;
    NotWaveOrder = "not_wave_order", CONFLICT;
    OrderNotPayable = "order_not_payable", CONFLICT;
    PaymentSessionExpired = "payment_session_expired", CONFLICT;
    PaymentInitFailed = "payment_init_failed", BAD_GATEWAY;
    PaymentProviderUnavailable = "payment_provider_unavailable", BAD_GATEWAY;
    PaymentRateLimited = "payment_rate_limited", TOO_MANY_REQUESTS;
    InvalidSignature = "invalid_signature", UNAUTHORIZED;
    InvalidEvent = "invalid_event", BAD_REQUEST;
    // Refunds: the order's state (not paid, refunded, a refund in flight) or Wave's refusal
    // stands in the way.
    OrderNotRefundable = "order_not_refundable", CONFLICT;
    AlreadyRefunded = "already_refunded", CONFLICT;
    RefundInProgress = "refund_in_progress", CONFLICT;
    NoRefundToCheck = "no_refund_to_check", CONFLICT;
    WaveRefundRefused = "wave_refund_refused", CONFLICT;

    // Pictures sent by the back office.
    InvalidImage = "invalid_image", UNSUPPORTED_MEDIA_TYPE;
    ImageTooLarge = "image_too_large", PAYLOAD_TOO_LARGE;
    MalformedUpload = "malformed_upload", BAD_REQUEST;
    TooManyImages = "too_many_images", BAD_REQUEST;
    UnknownUploadType = "unknown_upload_type", BAD_REQUEST;
    UnexpectedField = "unexpected_field", BAD_REQUEST;
    NoImage = "no_image", BAD_REQUEST;
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    #[test]
    fn every_code_is_spelled_once_in_snake_case_with_one_error_status() {
        let mut spelled: HashMap<&str, Code> = HashMap::new();
        for &code in Code::ALL {
            let name = code.as_str();
            if let Some(other) = spelled.insert(name, code) {
                panic!("{name} is both {other:?} ({}) and {code:?} ({})", other.status(), code.status());
            }
            assert!(name.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "{name}");
            assert!(code.status().is_client_error() || code.status().is_server_error(), "{name}");
        }
    }

    #[test]
    fn a_refusal_for_stock_is_a_conflict_and_only_bugs_and_outages_are_server_errors() {
        assert_eq!(Code::InsufficientStock.status(), StatusCode::CONFLICT);
        let server_errors: Vec<&str> =
            Code::ALL.iter().filter(|code| code.status().is_server_error()).map(|code| code.as_str()).collect();
        assert_eq!(
            server_errors,
            [
                "internal_error",
                "service_unavailable",
                "server_busy",
                "not_ready",
                "payment_init_failed",
                "payment_provider_unavailable"
            ]
        );
    }
}
