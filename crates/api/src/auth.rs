//! Who is asking: `AuthUser` for any logged-in user, `Staff<P>` for a member of the shop's team
//! holding the permission `P` (the table of `bitik_identity::permissions`). Both are extractors,
//! so a handler that names one cannot run for anyone else. Both refuse a session that must set up
//! two-step login first (`STAFF_2FA=required`): only the handlers taking `AnySession` (that
//! set-up, `/auth/me`, logout) serve it.

use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, web};
use bitik_identity::{IdentityError, Permission, User};

use crate::error::{ApiError, Code};
use crate::state::AppState;

pub struct AuthUser(pub User);

/// Any logged-in user, including one whose role must set up two-step login before anything else.
pub struct AnySession(pub User);

type Extracted<T> = Pin<Box<dyn Future<Output = Result<T, ApiError>>>>;

fn bearer_token(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let token = value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer "))?.trim();
    (!token.is_empty()).then(|| token.to_owned())
}

impl FromRequest for AnySession {
    type Error = ApiError;
    type Future = Extracted<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let token = bearer_token(req);
        let req = req.clone();
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::internal(anyhow::anyhow!("no application state")))?;
            let token =
                token.ok_or_else(|| ApiError::new(Code::Unauthorized, "Veuillez vous connecter pour continuer."))?;
            let user = state.accounts.authenticate(&token).await?;
            // A member of the team is named in the request's audit scope, whichever extractor
            // the route takes: what a route declaring an action changes is theirs. A refusal
            // below (a permission, a set-up to finish) changes nothing, so writes nothing.
            if user.role.is_staff() {
                crate::audit::identify(&req, &user);
            }
            Ok(AnySession(user))
        })
    }
}

impl FromRequest for AuthUser {
    type Error = ApiError;
    type Future = Extracted<Self>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let session = AnySession::from_request(req, payload);
        Box::pin(async move {
            let AnySession(user) = session.await?;
            if state.is_some_and(|state| state.accounts.setup_required(&user)) {
                return Err(IdentityError::TwoFactorSetupRequired.into());
            }
            Ok(AuthUser(user))
        })
    }
}

/// The logged-in user when the request says who it is, `None` when it carries no session at
/// all: for what a shopper may do without an account (checkout by phone). A session that is sent
/// but expired or refused is refused, never taken for no session.
pub struct MaybeUser(pub Option<User>);

impl FromRequest for MaybeUser {
    type Error = ApiError;
    type Future = Extracted<Self>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        if !req.headers().contains_key(header::AUTHORIZATION) {
            return Box::pin(async { Ok(MaybeUser(None)) });
        }
        let session = AuthUser::from_request(req, payload);
        Box::pin(async move { Ok(MaybeUser(Some(session.await?.0))) })
    }
}

/// A back-office permission as a type (`can::HandleMoney`): a handler taking `Staff<P>` runs only
/// for a role holding `P` in `bitik_identity::permissions`' table; any other gets 403 with the
/// permission's French refusal. Its OpenAPI operation names the same permission as the bearer
/// scope (`security(("bearer" = ["money.handle"]))`), which the access test checks against.
pub trait Needs {
    const PERMISSION: Permission;
}

macro_rules! permission_types {
    ($($name:ident),* $(,)?) => {
        /// One type per back-office permission, for [`Staff`].
        pub mod can {
            use super::{Needs, Permission};
            $(
                pub struct $name;
                impl Needs for $name {
                    const PERMISSION: Permission = Permission::$name;
                }
            )*
        }
    };
}

permission_types!(
    ReadFigures,
    HandleOrders,
    DeliverOwnOrders,
    HandleMoney,
    ManageProducts,
    AdjustStock,
    ManagePromoCodes,
    ManageCustomers,
    ManageShop,
    ManageStaff,
);

/// What a customer is told at the back office's door.
pub const STAFF_ONLY: &str = "Cette section est réservée à l'équipe de la boutique.";

/// A member of the shop's team holding the permission `P`.
pub struct Staff<P: Needs> {
    pub user: User,
    needs: PhantomData<P>,
}

impl<P: Needs> FromRequest for Staff<P> {
    type Error = ApiError;
    type Future = Extracted<Self>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let user = AuthUser::from_request(req, payload);
        Box::pin(async move {
            let AuthUser(user) = user.await?;
            if !user.role.is_staff() {
                return Err(ApiError::new(Code::Forbidden, STAFF_ONLY));
            }
            if !user.role.can(P::PERMISSION) {
                return Err(ApiError::new(Code::Forbidden, P::PERMISSION.refusal()));
            }
            Ok(Staff { user, needs: PhantomData })
        })
    }
}
