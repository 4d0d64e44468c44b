//! Who is asking: `AuthUser` for any logged-in user, `AdminUser` for administrators. Both are
//! extractors, so a handler that names one cannot run for anyone else.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, web};
use bitik_identity::{Role, User};

use crate::error::{ApiError, Code};
use crate::state::AppState;

pub struct AuthUser(pub User);

pub struct AdminUser(pub User);

type Extracted<T> = Pin<Box<dyn Future<Output = Result<T, ApiError>>>>;

fn bearer_token(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let token = value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer "))?.trim();
    (!token.is_empty()).then(|| token.to_owned())
}

impl FromRequest for AuthUser {
    type Error = ApiError;
    type Future = Extracted<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let token = bearer_token(req);
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::internal(anyhow::anyhow!("no application state")))?;
            let token =
                token.ok_or_else(|| ApiError::new(Code::Unauthorized, "Veuillez vous connecter pour continuer."))?;
            Ok(AuthUser(state.accounts.authenticate(&token).await?))
        })
    }
}

impl FromRequest for AdminUser {
    type Error = ApiError;
    type Future = Extracted<Self>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let user = AuthUser::from_request(req, payload);
        Box::pin(async move {
            let AuthUser(user) = user.await?;
            if user.role != Role::Admin {
                return Err(ApiError::new(Code::Forbidden, "Cette section est réservée aux administrateurs."));
            }
            Ok(AdminUser(user))
        })
    }
}
