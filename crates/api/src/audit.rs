//! The audit scope of a request (docs/roles.md#the-audit-log). Every request that may change
//! something or downloads a file runs inside a `bitik_identity::audit::Scope`; when a session
//! is a member of the team's, it names them, the action their route declares (its OpenAPI
//! `operationId`, `order.status`) and the target its path names. The storage then writes the
//! entry in the change's transaction; a download or an upload records it itself.

use std::collections::HashMap;
use std::sync::OnceLock;

use actix_web::HttpMessage;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{Error, HttpRequest, web};
use bitik_identity::User;
use bitik_identity::audit::{self, AuditActor, Scope, Target, kind_of};

use crate::openapi;
use crate::state::AppState;

/// A request's id (`X-Request-Id`), as `log_request` made it, for the audit entry.
#[derive(Clone, Debug)]
pub struct RequestId(pub std::rc::Rc<str>);

/// Opens the scope of requests that may change something (any method but GET, HEAD and
/// OPTIONS) or download a file (`.csv`); the others run as they are.
pub async fn audit_scope(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let reads = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if reads && !req.path().ends_with(".csv") {
        return next.call(req).await;
    }
    let ip = req.app_data::<web::Data<AppState>>().map(|state| state.client(req.request())).unwrap_or_default();
    let request_id = req.extensions().get::<RequestId>().map(|id| id.0.to_string()).unwrap_or_default();
    audit::within(Scope::new(ip, request_id), next.call(req)).await
}

/// Names `user` in the request's scope, with the action its route declares and the target its
/// path names; nothing for a route that declares none (it changes nothing of the shop's).
pub(crate) fn identify(req: &HttpRequest, user: &User) {
    let Some(scope) = audit::current() else { return };
    let Some(action) = action_of(req) else { return };
    let target = ["id", "idOrSlug", "code", "phone"]
        .iter()
        .find_map(|name| req.match_info().get(name))
        .map(|id| Target::new(kind_of(action), id));
    let actor = AuditActor { id: user.id, email: user.label(), role: user.role };
    scope.identify(actor, action, target);
}

/// The action the route of `req` declares: the `operationId` of its back-office operation.
fn action_of(req: &HttpRequest) -> Option<&'static str> {
    let pattern = req.match_pattern()?;
    actions().get(&(req.method().as_str().to_owned(), pattern)).copied()
}

/// (method, route pattern under `/api`) → action, for every back-office operation declaring one.
fn actions() -> &'static HashMap<(String, String), &'static str> {
    static ACTIONS: OnceLock<HashMap<(String, String), &'static str>> = OnceLock::new();
    ACTIONS.get_or_init(|| {
        let document = openapi::document(&[]);
        let mut actions = HashMap::new();
        for (path, item) in &document.paths.paths {
            let operations = [
                ("GET", &item.get),
                ("POST", &item.post),
                ("PUT", &item.put),
                ("DELETE", &item.delete),
                ("PATCH", &item.patch),
            ];
            for (method, operation) in operations {
                let Some(action) = operation.as_ref().and_then(|o| o.operation_id.as_deref()) else { continue };
                if action.contains('.') {
                    actions.insert((method.to_owned(), format!("/api{path}")), action);
                }
            }
        }
        actions
    })
}
