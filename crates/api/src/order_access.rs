//! Who may act on one order: its owner by their session, or whoever holds the order's own key
//! (`?k=`, `bitik_orders::order_link`), which the customer who ordered without logging in has
//! from the confirmation page and every message. A key opens its order only; a wrong key answers
//! as an order that does not exist (404), whoever asks.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use bitik_identity::User;
use bitik_payments::PaymentError;
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use crate::auth::MaybeUser;
use crate::error::{ApiError, Code};
use crate::state::AppState;

/// The order's key, for the OpenAPI document of the routes that take it.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderKeyQuery {
    /// The order's own key, from its link (`orderUrl`): opens that order without logging in.
    #[param(schema_with = crate::schema::order_key)]
    #[allow(dead_code)]
    k: Option<String>,
}

/// The session, if any, and the order's key, if any, of a request about one order.
pub struct OrderCustomer {
    session: Option<User>,
    key: Option<String>,
}

impl FromRequest for OrderCustomer {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let key = web::Query::<Key>::from_query(req.query_string())
            .ok()
            .and_then(|query| query.into_inner().k)
            .filter(|key| !key.trim().is_empty());
        let session = MaybeUser::from_request(req, payload);
        Box::pin(async move { Ok(OrderCustomer { session: session.await?.0, key }) })
    }
}

#[derive(Deserialize)]
struct Key {
    k: Option<String>,
}

impl OrderCustomer {
    /// The customer on whose behalf the order `order_id` is read or acted on: its owner when
    /// the key opens it; else the session's user, whose own orders the services alone serve
    /// (so without a key the id is not read here, and `Uuid::nil()` stands for none).
    pub async fn owner_of(&self, state: &AppState, order_id: Uuid) -> Result<Uuid, ApiError> {
        match (&self.key, &self.session) {
            (Some(key), _) => Ok(state.orders.order_by_key(order_id, key).await?.user_id),
            (None, Some(user)) => Ok(user.id),
            (None, None) => Err(ApiError::new(Code::Unauthorized, "Veuillez vous connecter pour continuer.")),
        }
    }

    /// The same for an order named as it was typed. One that cannot be an id is left to the
    /// service to refuse as such (400), whoever asks.
    pub async fn owner_of_typed(&self, state: &AppState, order_id: Option<&str>) -> Result<Uuid, ApiError> {
        match (&self.key, order_id.and_then(|id| Uuid::parse_str(id.trim()).ok())) {
            (Some(_), Some(id)) => self.owner_of(state, id).await,
            (Some(_), None) => Ok(self.session.as_ref().map_or(Uuid::nil(), |user| user.id)),
            (None, _) => self.owner_of(state, Uuid::nil()).await,
        }
    }

    /// The same for the order a Wave session pays: with a key, that order's owner when the key
    /// is the order's; a session of no order, or a key of another, answers as no session (404).
    pub async fn owner_of_session(&self, state: &AppState, session_id: &str) -> Result<Uuid, ApiError> {
        if self.key.is_none() {
            return self.owner_of(state, Uuid::nil()).await;
        }
        match state.payments.order_of_session(session_id).await? {
            Some(order_id) => self.owner_of(state, order_id).await.map_err(|_| PaymentError::SessionNotFound.into()),
            None => Err(PaymentError::SessionNotFound.into()),
        }
    }
}
