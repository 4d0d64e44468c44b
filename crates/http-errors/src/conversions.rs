//! Each context's errors as envelopes: the code that names the refusal (its status comes from
//! the table), the domain's French sentence as the message. A storage failure is a logged 500,
//! or a 503 when the database did not answer.

use std::collections::BTreeMap;

use super::{ApiError, Code, RowProblem};

/// What a busy server asks: a turn for password work frees in well under a second, and a
/// crowd coming back all at once would be turned away again.
const RETRY_WHEN_BUSY: std::time::Duration = std::time::Duration::from_secs(5);

impl From<bitik_identity::IdentityError> for ApiError {
    fn from(error: bitik_identity::IdentityError) -> Self {
        use bitik_identity::IdentityError as E;
        let message = error.to_string();
        match error {
            E::Validation { message, fields } => ApiError::validation(message, owned(fields)),
            E::EmailTaken => ApiError::field("email", Code::EmailTaken, message),
            E::InvalidEmail => ApiError::field("email", Code::InvalidEmail, message),
            E::PasswordTooShort => ApiError::field("password", Code::PasswordTooShort, message),
            E::InvalidCredentials => ApiError::new(Code::InvalidCredentials, message),
            E::AccountDisabled => ApiError::new(Code::AccountDisabled, message),
            E::Unauthenticated => ApiError::new(Code::SessionExpired, message),
            E::IncorrectCurrentPassword => ApiError::new(Code::IncorrectCurrentPassword, message),
            E::AddressNotFound => ApiError::new(Code::AddressNotFound, message),
            E::AddressBookFull { .. } => ApiError::new(Code::AddressBookFull, message),
            E::UserNotFound => ApiError::new(Code::UserNotFound, message),
            E::InvalidResetToken => ApiError::new(Code::InvalidResetToken, message),
            E::MailNotConfigured => ApiError::new(Code::MailNotConfigured, message),
            E::CannotDeleteAdmin => ApiError::new(Code::CannotDeleteAdmin, message),
            E::CannotDeactivateSelf => ApiError::new(Code::CannotDeactivateSelf, message),
            E::CannotDemoteSelf => ApiError::new(Code::CannotChangeOwnRole, message),
            E::LastAdmin => ApiError::new(Code::LastAdmin, message),
            E::TwoFactorCodeRefused => ApiError::field("code", Code::InvalidTwoFactorCode, message),
            E::TwoFactorChallengeExpired => ApiError::new(Code::TwoFactorChallengeExpired, message),
            E::TwoFactorStaffOnly => ApiError::new(Code::Forbidden, message),
            E::TwoFactorAlreadyEnabled => ApiError::new(Code::TwoFactorAlreadyEnabled, message),
            E::TwoFactorNotStarted => ApiError::new(Code::TwoFactorNotStarted, message),
            E::TwoFactorNotEnabled => ApiError::new(Code::TwoFactorNotEnabled, message),
            E::TwoFactorRequired => ApiError::new(Code::TwoFactorRequired, message),
            E::TwoFactorSetupRequired => ApiError::new(Code::TwoFactorSetupRequired, message),
            E::LoginCodesUnavailable => ApiError::new(Code::LoginCodeUnavailable, message),
            E::LoginCodesLocked { retry_after } => {
                ApiError::new(Code::TooManyRequests, message).with_retry_after(retry_after.to_std().unwrap_or_default())
            }
            E::WrongLoginCode => ApiError::field("code", Code::InvalidLoginCode, message),
            E::CodeLoginForCustomers => ApiError::new(Code::Forbidden, message),
            E::DeadLoginCode => ApiError::field("code", Code::LoginCodeExpired, message),
            E::Busy => ApiError::new(Code::ServerBusy, message).with_retry_after(RETRY_WHEN_BUSY),
            E::Repository(_) => ApiError::internal(error),
        }
    }
}

impl From<bitik_messages::MessageError> for ApiError {
    fn from(error: bitik_messages::MessageError) -> Self {
        use bitik_messages::MessageError as E;
        let message = error.to_string();
        match error {
            E::NotFound => ApiError::new(Code::MessageNotFound, message),
            E::AlreadyPending => ApiError::new(Code::MessageAlreadyPending, message),
            E::UnknownState => ApiError::field("state", Code::InvalidMessageState, message),
            E::InvalidMonth => ApiError::field("month", Code::InvalidQuery, message),
            E::NotResendable => ApiError::new(Code::MessageNotResendable, message),
            E::NoConversation => ApiError::new(Code::ConversationNotFound, message),
            E::EmptyReply | E::ReplyTooLong => ApiError::field("text", Code::ValidationFailed, message),
            E::WindowClosed => ApiError::new(Code::WhatsAppWindowClosed, message),
            E::Repository(_) => ApiError::internal(error),
        }
    }
}

impl From<bitik_identity::newsletter::NewsletterError> for ApiError {
    fn from(error: bitik_identity::newsletter::NewsletterError) -> Self {
        use bitik_identity::newsletter::NewsletterError as E;
        match error {
            E::InvalidEmail => ApiError::field("email", Code::InvalidEmail, error.to_string()),
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
            E::UnknownVariant => ApiError::new(Code::UnknownVariant, message),
            E::InsufficientStock { .. } => ApiError::new(Code::InsufficientStock, message),
            E::ProductNotFound => ApiError::new(Code::ProductNotFound, message),
            E::ItemNotFound => ApiError::new(Code::CartItemNotFound, message),
            E::TooManyItems => ApiError::new(Code::TooManyItems, message),
            E::AmountTooLarge(_) => ApiError::new(Code::AmountTooLarge, message),
            E::Repository(_) => ApiError::internal(error),
        }
    }
}

impl From<bitik_catalog::ChoiceError> for ApiError {
    fn from(error: bitik_catalog::ChoiceError) -> Self {
        use bitik_catalog::ChoiceError as E;
        let message = error.to_string();
        match error {
            E::InvalidProductId => ApiError::field("productId", Code::InvalidProductId, message),
            E::MissingVariant => ApiError::new(Code::MissingVariant, message),
            E::QuantityTooSmall | E::QuantityNotWhole => ApiError::field("quantity", Code::InvalidQuantity, message),
            E::QuantityLimit => ApiError::field("quantity", Code::QuantityLimit, message),
        }
    }
}

impl From<bitik_common::InvalidPage> for ApiError {
    fn from(error: bitik_common::InvalidPage) -> Self {
        ApiError::field(error.field, Code::InvalidQuery, error.message)
    }
}

impl From<bitik_catalog::CatalogError> for ApiError {
    fn from(error: bitik_catalog::CatalogError) -> Self {
        use bitik_catalog::CatalogError as E;
        match error {
            E::NotFound => ApiError::new(Code::ProductNotFound, error.to_string()),
            E::InvalidQuery { field, message } => ApiError::field(field, Code::InvalidQuery, message),
            E::Validation { message, fields } => ApiError::validation(message, owned(fields)),
            E::InStock => ApiError::new(Code::InStock, error.to_string()),
            E::AlertNotFound => ApiError::new(Code::AlertNotFound, error.to_string()),
            E::InvalidImport { ref rows } => {
                let problems = rows
                    .iter()
                    .map(|e| RowProblem { row: e.row, column: e.column.clone(), message: e.message.clone() })
                    .collect();
                ApiError::rows(error.to_string(), problems)
            }
            E::Repository(_) => ApiError::internal(error),
        }
    }
}

impl From<bitik_orders::OrderError> for ApiError {
    fn from(error: bitik_orders::OrderError) -> Self {
        use bitik_orders::OrderError as E;
        let message = error.to_string();
        match error {
            E::Validation { message, fields } => ApiError::validation(message, owned(fields)),
            E::EmptyOrder => ApiError::new(Code::EmptyOrder, message),
            E::TooManyLines => ApiError::new(Code::TooManyLines, message),
            E::Choice(choice) => choice.into(),
            E::UnknownVariant { .. } => ApiError::new(Code::UnknownVariant, message),
            E::ProductUnavailable => ApiError::new(Code::ProductUnavailable, message),
            E::OutOfStock { .. } | E::ReopenOutOfStock { .. } => ApiError::new(Code::InsufficientStock, message),
            E::AmountTooLarge(_) => ApiError::new(Code::AmountTooLarge, message),
            E::NotFound => ApiError::new(Code::OrderNotFound, message),
            E::CannotCancel => ApiError::new(Code::OrderNotCancellable, message),
            E::SameStatus => ApiError::new(Code::SameStatus, message),
            E::UnknownStatus => ApiError::field("status", Code::UnknownStatus, message),
            E::NotCashOnDelivery => ApiError::new(Code::NotCashOnDelivery, message),
            E::AlreadyPaid => ApiError::new(Code::AlreadyPaid, message),
            E::CancelledOrder => ApiError::new(Code::OrderCancelled, message),
            E::NotDelivered => ApiError::new(Code::OrderNotDelivered, message),
            E::DeliveryNotCorrectable | E::ItemsNotCorrectable => ApiError::new(Code::OrderNotCorrectable, message),
            E::NotSwitchableToCash => ApiError::new(Code::NotSwitchableToCash, message),
            E::NotInvoiceable => ApiError::new(Code::OrderNotInvoiceable, message),
            E::Concurrent => ApiError::new(Code::OrderChanged, message),
            E::TooManyOpenOrders { .. } => ApiError::new(Code::TooManyOpenOrders, message),
            E::TooManyOpenOrdersForPhone { .. } => ApiError::field("phone", Code::TooManyOpenOrders, message),
            E::CashOnDeliveryRefused => ApiError::field("paymentMethod", Code::CashOnDeliveryRefused, message),
            E::UnknownConfirmation => ApiError::field("confirmation", Code::UnknownConfirmation, message),
            E::NoConfirmation => ApiError::new(Code::NotCashOnDelivery, message),
            E::AlreadyConfirmed => ApiError::new(Code::AlreadyConfirmed, message),
            E::NotConfirmable => ApiError::new(Code::OrderNotConfirmable, message),
            E::NotConfirmed => ApiError::new(Code::OrderNotConfirmed, message),
            E::InvalidConfirmationLink => ApiError::new(Code::InvalidConfirmationLink, message),
            E::ConfirmationLinkUsed => ApiError::new(Code::ConfirmationLinkUsed, message),
            E::RefusalNeedsShipping | E::CourierNeedsShipping => ApiError::new(Code::OrderNotShipped, message),
            E::ReturnedOrderClosed => ApiError::new(Code::OrderReturned, message),
            E::NotRefused => ApiError::new(Code::OrderNotRefused, message),
            E::AlreadyReturned => ApiError::new(Code::AlreadyReturned, message),
            // The code of the one order's refusal, the sentence naming it.
            E::InBatch { reason, .. } => ApiError::new(ApiError::from(*reason).code, message),
            E::UnknownInBatch { .. } => ApiError::new(Code::OrderNotFound, message),
            E::Promo(refusal) => promo_refusal("promoCode", refusal),
            E::Repository(_) => ApiError::internal(error),
        }
    }
}

/// A promo code's refusal, on the field that named the code.
fn promo_refusal(field: &str, refusal: bitik_orders::promo::PromoRefusal) -> ApiError {
    let code = match refusal {
        bitik_orders::promo::PromoRefusal::Exhausted => Code::PromoCodeExhausted,
        _ => Code::PromoCodeRefused,
    };
    ApiError::field(field, code, refusal.to_string())
}

impl From<bitik_orders::promo::PromoError> for ApiError {
    fn from(error: bitik_orders::promo::PromoError) -> Self {
        use bitik_orders::promo::PromoError as E;
        let message = error.to_string();
        match error {
            E::Validation { message, fields } => ApiError::validation(message, owned(fields)),
            E::NotFound => ApiError::new(Code::PromoCodeNotFound, message),
            E::CodeTaken => ApiError::field("code", Code::PromoCodeExists, message),
            E::Refused(refusal) => promo_refusal("code", refusal),
            E::Repository(_) => ApiError::internal(error),
        }
    }
}

impl From<bitik_payments::reconciliation::ReportError> for ApiError {
    fn from(error: bitik_payments::reconciliation::ReportError) -> Self {
        use bitik_payments::reconciliation::ReportError as E;
        let message = error.to_string();
        match (&error, error.field()) {
            (E::AmountTooLarge(_), _) => ApiError::new(Code::AmountTooLarge, message),
            (E::Repository(_), _) => ApiError::internal(error),
            (_, Some(field)) => ApiError::field(field, Code::InvalidQuery, message),
            (_, None) => ApiError::new(Code::InvalidQuery, message),
        }
    }
}

impl From<bitik_orders::delivery::DeliveryError> for ApiError {
    fn from(error: bitik_orders::delivery::DeliveryError) -> Self {
        use bitik_orders::delivery::DeliveryError as E;
        let message = error.to_string();
        match error {
            E::Validation { message, fields } => ApiError::validation(message, owned(fields)),
            E::NotFound => ApiError::new(Code::DeliveryZoneNotFound, message),
            E::CodeTaken => ApiError::field("code", Code::DeliveryZoneExists, message),
            E::CommuneTaken { .. } => ApiError::field("communes", Code::CommuneInOtherZone, message),
            E::Repository(_) => ApiError::internal(error),
        }
    }
}

impl From<bitik_payments::PaymentError> for ApiError {
    fn from(error: bitik_payments::PaymentError) -> Self {
        use bitik_payments::PaymentError as E;
        let message = error.to_string();
        match error {
            E::OrderIdRequired => ApiError::field("orderId", Code::OrderIdRequired, message),
            E::InvalidOrderId => ApiError::field("orderId", Code::InvalidOrderId, message),
            E::OrderNotFound => ApiError::new(Code::OrderNotFound, message),
            E::SessionNotFound => ApiError::new(Code::PaymentSessionNotFound, message),
            E::NotWaveOrder => ApiError::new(Code::NotWaveOrder, message),
            E::AlreadyPaid => ApiError::new(Code::AlreadyPaid, message),
            E::NotPayable => ApiError::new(Code::OrderNotPayable, message),
            E::SessionExpired => ApiError::new(Code::PaymentSessionExpired, message),
            E::InitFailed(cause) => {
                tracing::warn!(error = %cause, "Wave could not open a checkout session");
                ApiError::new(Code::PaymentInitFailed, message)
            }
            E::GatewayUnavailable(cause) => {
                tracing::warn!(error = %cause, "Wave could not be asked");
                ApiError::new(Code::PaymentProviderUnavailable, message)
            }
            E::RateLimited { retry_after } => {
                ApiError::new(Code::PaymentRateLimited, message).with_retry_after(retry_after)
            }
            E::InvalidSignature(why) => {
                tracing::warn!(why, "a Wave webhook delivery was refused");
                ApiError::new(Code::InvalidSignature, message)
            }
            E::InvalidEvent(why) => {
                tracing::warn!(why, "a signed Wave webhook delivery could not be read");
                ApiError::new(Code::InvalidEvent, message)
            }
            E::Validation { message, fields } => ApiError::validation(message, owned(fields)),
            E::NotRefundable | E::NoPaidSession | E::PaidInParts => ApiError::new(Code::OrderNotRefundable, message),
            E::AlreadyRefunded => ApiError::new(Code::AlreadyRefunded, message),
            E::RefundInProgress => ApiError::new(Code::RefundInProgress, message),
            E::NoRefundToCheck => ApiError::new(Code::NoRefundToCheck, message),
            E::RefundRefused { code } => {
                tracing::warn!(wave_code = code, "Wave refused a refund");
                ApiError::new(Code::WaveRefundRefused, message)
            }
            E::Repository(_) => ApiError::internal(error),
        }
    }
}

/// A form's field errors as the envelope carries them.
fn owned(fields: BTreeMap<&'static str, String>) -> BTreeMap<String, String> {
    fields.into_iter().map(|(field, message)| (field.to_owned(), message)).collect()
}

#[cfg(test)]
mod tests {
    use actix_web::ResponseError;
    use actix_web::http::StatusCode;
    use bitik_common::{BoxError, Unavailable};

    use super::*;

    fn unavailable() -> BoxError {
        Box::new(Unavailable("pool timed out".into()))
    }

    fn bug() -> BoxError {
        "stored order has an invalid status: \"lost\"".into()
    }

    /// One error of every kind each context answers, as the API answers it.
    fn every_domain_error() -> Vec<ApiError> {
        use bitik_cart::CartError as Cart;
        use bitik_catalog::{CatalogError as Catalog, ChoiceError as Choice};
        use bitik_identity::IdentityError as Identity;
        use bitik_identity::newsletter::NewsletterError as Newsletter;
        use bitik_orders::OrderError as Order;
        use bitik_orders::delivery::DeliveryError as Delivery;
        use bitik_payments::GatewayError;
        use bitik_payments::PaymentError as Payment;
        let fields = || BTreeMap::from([("city", "La ville est requise".to_owned())]);
        let stock = || ("noir".to_owned(), "M".to_owned());
        let mut all: Vec<ApiError> = Vec::new();
        all.extend(
            [
                Choice::InvalidProductId,
                Choice::MissingVariant,
                Choice::QuantityTooSmall,
                Choice::QuantityNotWhole,
                Choice::QuantityLimit,
            ]
            .map(ApiError::from),
        );
        all.extend(
            [
                Cart::Choice(Choice::MissingVariant),
                Cart::UnknownVariant,
                Cart::InsufficientStock { available: 2 },
                Cart::ProductNotFound,
                Cart::ItemNotFound,
                Cart::TooManyItems,
                Cart::Repository(bug()),
                Cart::Repository(unavailable()),
            ]
            .map(ApiError::from),
        );
        all.extend(
            [
                Catalog::NotFound,
                Catalog::invalid_query("limit", "Limite invalide."),
                Catalog::Validation { message: "Champs requis manquants".into(), fields: fields() },
                Catalog::InStock,
                Catalog::AlertNotFound,
                Catalog::InvalidImport {
                    rows: vec![bitik_catalog::RowError {
                        row: 2,
                        column: "price".into(),
                        message: "Un nombre entier de francs est attendu".into(),
                    }],
                },
                Catalog::Repository(bug()),
            ]
            .map(ApiError::from),
        );
        all.extend(
            [
                Order::Validation { message: "La ville est requise".into(), fields: fields() },
                Order::EmptyOrder,
                Order::TooManyLines,
                Order::Choice(Choice::InvalidProductId),
                Order::ProductUnavailable,
                Order::UnknownVariant { name: "T-shirt".into() },
                Order::OutOfStock { name: "T-shirt".into(), color: stock().0, size: stock().1, available: 1 },
                Order::NotFound,
                Order::CannotCancel,
                Order::SameStatus,
                Order::UnknownStatus,
                Order::ReopenOutOfStock { name: "T-shirt".into(), color: stock().0, size: stock().1, available: 0 },
                Order::NotCashOnDelivery,
                Order::AlreadyPaid,
                Order::CancelledOrder,
                Order::NotDelivered,
                Order::DeliveryNotCorrectable,
                Order::ItemsNotCorrectable,
                Order::NotSwitchableToCash,
                Order::NotInvoiceable,
                Order::Concurrent,
                Order::TooManyOpenOrders { limit: 3 },
                Order::TooManyOpenOrdersForPhone { limit: 3 },
                Order::CashOnDeliveryRefused,
                Order::UnknownConfirmation,
                Order::NoConfirmation,
                Order::AlreadyConfirmed,
                Order::NotConfirmable,
                Order::NotConfirmed,
                Order::InvalidConfirmationLink,
                Order::ConfirmationLinkUsed,
                Order::RefusalNeedsShipping,
                Order::CourierNeedsShipping,
                Order::ReturnedOrderClosed,
                Order::NotRefused,
                Order::AlreadyReturned,
                Order::InBatch { number: "BTK-1".into(), reason: Box::new(Order::AlreadyPaid) },
                Order::UnknownInBatch { id: uuid::Uuid::nil() },
                Order::Repository(bug()),
            ]
            .map(ApiError::from),
        );
        all.extend(
            [
                Payment::OrderIdRequired,
                Payment::InvalidOrderId,
                Payment::OrderNotFound,
                Payment::SessionNotFound,
                Payment::NotWaveOrder,
                Payment::AlreadyPaid,
                Payment::NotPayable,
                Payment::SessionExpired,
                Payment::InitFailed(GatewayError::Unknown("timed out".into())),
                Payment::GatewayUnavailable(GatewayError::Unknown("timed out".into())),
                Payment::RateLimited { retry_after: std::time::Duration::from_secs(3) },
                Payment::InvalidSignature("no signature".into()),
                Payment::InvalidEvent("not JSON".into()),
                Payment::Repository(unavailable()),
            ]
            .map(ApiError::from),
        );
        {
            use bitik_payments::reconciliation::ReportError as Report;
            all.extend(
                [
                    Report::InvalidDate { field: "from" },
                    Report::FromAfterTo { from: "22/11/2026".into(), to: "20/11/2026".into() },
                    Report::TooLong { max: 92 },
                    Report::AmountTooLarge(bitik_common::AmountTooLarge),
                    Report::Repository(bug()),
                ]
                .map(ApiError::from),
            );
        }
        all.extend(
            [
                Identity::validation(bitik_common::FieldErrors::of("email", "Email invalide")),
                Identity::EmailTaken,
                Identity::InvalidEmail,
                Identity::PasswordTooShort,
                Identity::InvalidCredentials,
                Identity::AccountDisabled,
                Identity::Unauthenticated,
                Identity::IncorrectCurrentPassword,
                Identity::AddressNotFound,
                Identity::AddressBookFull { max: 20 },
                Identity::UserNotFound,
                Identity::InvalidResetToken,
                Identity::MailNotConfigured,
                Identity::CannotDeleteAdmin,
                Identity::CannotDeactivateSelf,
                Identity::CannotDemoteSelf,
                Identity::LastAdmin,
                Identity::TwoFactorCodeRefused,
                Identity::TwoFactorChallengeExpired,
                Identity::TwoFactorStaffOnly,
                Identity::TwoFactorAlreadyEnabled,
                Identity::TwoFactorNotStarted,
                Identity::TwoFactorNotEnabled,
                Identity::TwoFactorRequired,
                Identity::TwoFactorSetupRequired,
                Identity::Busy,
                Identity::Repository(bug()),
            ]
            .map(ApiError::from),
        );
        all.extend([Newsletter::InvalidEmail, Newsletter::Repository(bug())].map(ApiError::from));
        all.extend(
            [
                bitik_messages::MessageError::NotFound,
                bitik_messages::MessageError::AlreadyPending,
                bitik_messages::MessageError::UnknownState,
                bitik_messages::MessageError::InvalidMonth,
                bitik_messages::MessageError::NotResendable,
                bitik_messages::MessageError::NoConversation,
                bitik_messages::MessageError::EmptyReply,
                bitik_messages::MessageError::ReplyTooLong,
                bitik_messages::MessageError::WindowClosed,
                bitik_messages::MessageError::Repository(bug()),
            ]
            .map(ApiError::from),
        );
        all.extend(
            [
                Delivery::validation(bitik_common::FieldErrors::of("fee", "Un montant doit être positif ou nul")),
                Delivery::NotFound,
                Delivery::CodeTaken,
                Delivery::CommuneTaken { commune: "Médina".into(), zone: "Dakar ville".into() },
                Delivery::Repository(bug()),
            ]
            .map(ApiError::from),
        );
        all.push(bitik_common::InvalidPage { field: "page", message: "Page invalide." }.into());
        all
    }

    /// The status the table gives the code spelled `code`, which must be there exactly once.
    fn status_in_table(code: &str) -> StatusCode {
        let found: Vec<&Code> = Code::ALL.iter().filter(|c| c.as_str() == code).collect();
        assert_eq!(found.len(), 1, "{code} is in the table {} times", found.len());
        found[0].status()
    }

    #[test]
    fn every_code_a_domain_error_answers_is_in_the_table_with_its_one_status() {
        for error in every_domain_error() {
            let body = error.body();
            assert_eq!(error.status_code(), status_in_table(&body.code), "{}", body.code);
            assert!(!body.message.is_empty(), "{} has no message", body.code);
        }
    }

    #[test]
    fn too_little_stock_is_409_whether_the_cart_or_an_order_meets_it() {
        let refusals = [
            ApiError::from(bitik_cart::CartError::InsufficientStock { available: 2 }),
            ApiError::from(bitik_orders::OrderError::OutOfStock {
                name: "T-shirt Teranga".into(),
                color: "noir".into(),
                size: "M".into(),
                available: 1,
            }),
        ];
        for refusal in refusals {
            assert_eq!(
                (refusal.status_code(), refusal.body().code.as_str()),
                (StatusCode::CONFLICT, "insufficient_stock")
            );
        }
    }

    #[test]
    fn a_request_over_a_cap_is_409_with_its_own_code() {
        let refusals = [
            (ApiError::from(bitik_catalog::ChoiceError::QuantityLimit), "quantity_limit"),
            (
                ApiError::from(bitik_cart::CartError::Choice(bitik_catalog::ChoiceError::QuantityLimit)),
                "quantity_limit",
            ),
            (ApiError::from(bitik_orders::OrderError::TooManyOpenOrders { limit: 3 }), "too_many_open_orders"),
            (ApiError::from(bitik_orders::OrderError::TooManyOpenOrdersForPhone { limit: 3 }), "too_many_open_orders"),
            (ApiError::from(bitik_identity::IdentityError::AddressBookFull { max: 20 }), "address_book_full"),
        ];
        for (refusal, code) in refusals {
            assert_eq!((refusal.status_code(), refusal.body().code.as_str()), (StatusCode::CONFLICT, code));
        }
    }

    #[test]
    fn a_storage_failure_is_500_unless_the_database_did_not_answer() {
        let bug = ApiError::from(bitik_orders::OrderError::Repository(bug()));
        assert_eq!(
            (bug.status_code(), bug.body().code.as_str()),
            (StatusCode::INTERNAL_SERVER_ERROR, "internal_error")
        );
        assert_eq!(bug.body().message, super::super::MSG_SERVER_ERROR, "the cause is logged, never sent");
        let gone = ApiError::from(bitik_catalog::CatalogError::Repository(unavailable()));
        assert_eq!(gone.status_code(), StatusCode::SERVICE_UNAVAILABLE);
    }

    #[test]
    fn password_work_turned_away_is_503_server_busy_with_a_time_to_come_back() {
        let busy = ApiError::from(bitik_identity::IdentityError::Busy).error_response();
        assert_eq!(busy.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(busy.headers().get("retry-after").unwrap(), "5");
        let body = ApiError::from(bitik_identity::IdentityError::Busy).body();
        assert_eq!(body.code, "server_busy");
        assert_eq!(body.message, "Le serveur est très sollicité. Réessayez dans quelques secondes.");
    }
}
