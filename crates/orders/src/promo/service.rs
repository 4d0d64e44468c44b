use std::sync::Arc;

use bitik_common::FieldErrors;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::error::PromoError;
use super::form::PromoForm;
use super::model::{PromoCode, PromoCodeStats, PromoLine};
use super::ports::{PromoCodeRepository, PromoWriteError};
use super::rules::{self, PromoRefusal, Quote};

/// Longest code a shopper may type: longer is no code of the shop.
const MAX_TYPED_CHARS: usize = 60;

/// The back office's codes, and a code checked against a shopper's basket.
pub struct PromoService {
    codes: Arc<dyn PromoCodeRepository>,
    clock: fn() -> DateTime<Utc>,
}

impl PromoService {
    pub fn new(codes: Arc<dyn PromoCodeRepository>) -> Self {
        Self::with_clock(codes, Utc::now)
    }

    pub fn with_clock(codes: Arc<dyn PromoCodeRepository>, clock: fn() -> DateTime<Utc>) -> Self {
        Self { codes, clock }
    }

    pub async fn list(&self) -> Result<Vec<PromoCodeStats>, PromoError> {
        self.codes.list().await.map_err(PromoError::repository)
    }

    pub async fn create(&self, form: PromoForm) -> Result<PromoCode, PromoError> {
        let code = form.check(None)?;
        self.codes.create(code).await.map_err(written)
    }

    pub async fn update(&self, id: Uuid, form: PromoForm) -> Result<PromoCode, PromoError> {
        let current = self.codes.find(id).await.map_err(PromoError::repository)?.ok_or(PromoError::NotFound)?;
        let code = form.check(Some(&current.fields))?;
        self.codes.update(id, code).await.map_err(written)?.ok_or(PromoError::NotFound)
    }

    /// What the code typed takes off the basket of `user_id` now, or why it takes nothing.
    pub async fn check(
        &self,
        user_id: Uuid,
        typed: &str,
        lines: &[PromoLine],
    ) -> Result<(PromoCode, Quote), PromoError> {
        let typed = typed.trim();
        if typed.is_empty() {
            return Err(PromoError::validation(FieldErrors::of("code", "Saisissez un code promo")));
        }
        Ok(find_and_quote(self.codes.as_ref(), user_id, typed, lines, (self.clock)()).await?)
    }
}

/// The code typed, found whatever its case, and what it takes off `lines` at `now`. What
/// checkout asks too.
pub(crate) async fn find_and_quote(
    codes: &dyn PromoCodeRepository,
    user_id: Uuid,
    typed: &str,
    lines: &[PromoLine],
    now: DateTime<Utc>,
) -> Result<(PromoCode, Quote), FoundError> {
    let typed = typed.trim();
    if typed.is_empty() || typed.chars().count() > MAX_TYPED_CHARS {
        return Err(FoundError::Refused(PromoRefusal::Invalid));
    }
    let found = codes.find_with_usage(typed, user_id).await.map_err(FoundError::Repository)?;
    let (code, usage) = found.ok_or(FoundError::Refused(PromoRefusal::Invalid))?;
    let quote = rules::quote(&code, usage, lines, now).map_err(FoundError::Refused)?;
    Ok((code, quote))
}

/// Why [`find_and_quote`] found nothing to take off.
#[derive(Debug)]
pub(crate) enum FoundError {
    Refused(PromoRefusal),
    Repository(bitik_common::BoxError),
}

impl From<FoundError> for PromoError {
    fn from(error: FoundError) -> Self {
        match error {
            FoundError::Refused(refusal) => PromoError::Refused(refusal),
            FoundError::Repository(e) => PromoError::Repository(e),
        }
    }
}

fn written(error: PromoWriteError) -> PromoError {
    match error {
        PromoWriteError::CodeTaken => PromoError::CodeTaken,
        PromoWriteError::Other(e) => PromoError::Repository(e),
    }
}

#[cfg(test)]
mod tests {
    use bitik_common::Money;
    use chrono::TimeZone;
    use mockall::predicate::eq;

    use super::*;
    use crate::promo::model::{NewPromoCode, PromoKind, Usage};
    use crate::promo::ports::MockPromoCodeRepository;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).unwrap()
    }

    fn stored(code: &str) -> PromoCode {
        PromoCode {
            id: Uuid::from_u128(7),
            fields: PromoForm {
                code: Some(code.into()),
                kind: Some("fixed".into()),
                value: Some(2_000),
                min_subtotal: Some(20_000),
                ..PromoForm::default()
            }
            .check(None)
            .unwrap(),
            created_at: now(),
        }
    }

    fn form() -> PromoForm {
        PromoForm {
            code: Some("bienvenue".into()),
            kind: Some("percent".into()),
            value: Some(10),
            ..PromoForm::default()
        }
    }

    fn service(codes: MockPromoCodeRepository) -> PromoService {
        PromoService::with_clock(Arc::new(codes), now)
    }

    fn lines(francs: i64) -> Vec<PromoLine> {
        vec![PromoLine { amount: Money::francs(francs), on_promotion: false }]
    }

    #[tokio::test]
    async fn a_code_typed_in_any_case_is_asked_for_the_customer_and_quoted() {
        let user = Uuid::from_u128(1);
        let mut codes = MockPromoCodeRepository::new();
        codes
            .expect_find_with_usage()
            .with(eq("Bienvenue"), eq(user))
            .returning(|_, _| Ok(Some((stored("BIENVENUE"), Usage::default()))));
        let (code, quote) = service(codes).check(user, " Bienvenue ", &lines(25_000)).await.unwrap();
        assert_eq!(code.fields.code, "BIENVENUE");
        assert_eq!(quote.discount, Money::francs(2_000));
    }

    #[tokio::test]
    async fn an_unknown_code_is_invalid_and_a_blank_one_is_not_asked() {
        let mut codes = MockPromoCodeRepository::new();
        codes.expect_find_with_usage().times(1).returning(|_, _| Ok(None));
        let service = service(codes);
        let unknown = service.check(Uuid::nil(), "NOPE", &lines(1_000)).await.unwrap_err();
        assert!(matches!(unknown, PromoError::Refused(PromoRefusal::Invalid)), "{unknown:?}");
        assert_eq!(unknown.to_string(), "Code invalide");
        let blank = service.check(Uuid::nil(), "  ", &lines(1_000)).await.unwrap_err();
        assert_eq!(blank.to_string(), "Saisissez un code promo");
    }

    #[tokio::test]
    async fn a_refusal_of_the_rules_reaches_the_shopper_in_french() {
        let mut codes = MockPromoCodeRepository::new();
        codes.expect_find_with_usage().returning(|_, _| Ok(Some((stored("BIENVENUE"), Usage::default()))));
        let error = service(codes).check(Uuid::nil(), "bienvenue", &lines(19_000)).await.unwrap_err();
        assert_eq!(error.to_string(), "Montant minimum de 20 000 FCFA non atteint");
    }

    #[tokio::test]
    async fn a_new_code_is_checked_before_it_is_stored_and_a_taken_name_is_told() {
        let mut codes = MockPromoCodeRepository::new();
        codes.expect_create().times(1).returning(|_| Err(PromoWriteError::CodeTaken));
        let service = service(codes);
        let error = service.create(PromoForm { value: Some(0), ..form() }).await.unwrap_err();
        assert!(matches!(error, PromoError::Validation { .. }), "nothing stored: {error:?}");
        let taken = service.create(form()).await.unwrap_err();
        assert_eq!(taken.to_string(), "Un code promo porte déjà ce nom.");
    }

    #[tokio::test]
    async fn an_update_keeps_the_switches_the_form_leaves_out() {
        let mut codes = MockPromoCodeRepository::new();
        codes.expect_find().returning(|_| {
            let mut code = stored("BIENVENUE");
            code.fields.active = false;
            Ok(Some(code))
        });
        codes
            .expect_update()
            .withf(|_, code: &NewPromoCode| !code.active && code.kind == PromoKind::Percent)
            .returning(|id, fields| Ok(Some(PromoCode { id, fields, created_at: now() })));
        let updated = service(codes).update(Uuid::from_u128(7), form()).await.unwrap();
        assert_eq!(updated.fields.value, 10);
    }

    #[tokio::test]
    async fn updating_a_code_that_does_not_exist_is_not_found() {
        let mut codes = MockPromoCodeRepository::new();
        codes.expect_find().returning(|_| Ok(None));
        let error = service(codes).update(Uuid::nil(), form()).await.unwrap_err();
        assert!(matches!(error, PromoError::NotFound));
    }
}
