use actix_web::{HttpResponse, get, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{ApiError, Code, ErrorBody};
use crate::responses::Data;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(health).service(ready);
}

#[derive(Serialize, ToSchema)]
pub struct Health {
    #[schema(example = "ok")]
    status: &'static str,
    #[schema(example = "ok")]
    database: &'static str,
}

/// Whether the server and its database answer: the liveness check.
#[utoipa::path(
    tag = "health",
    responses(
        (status = 200, description = "Everything answers", body = Data<Health>),
        (status = 503, description = "The database does not answer", body = ErrorBody),
    )
)]
#[get("/health")]
async fn health(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    state.storage.ping().await.map_err(|e| ApiError::unavailable(anyhow::Error::from_boxed(e)))?;
    Ok(HttpResponse::Ok().json(Data::new(Health { status: "ok", database: "ok" })))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Readiness {
    #[schema(example = "ready")]
    status: &'static str,
    #[schema(example = "ok")]
    database: &'static str,
    /// Every migration this program carries is applied.
    #[schema(example = "current")]
    migrations: &'static str,
    /// The catalogue's change notifications are listened to, so its read cache is true.
    #[schema(example = "listening")]
    catalogue_changes: &'static str,
}

fn not_ready(message: &str) -> ApiError {
    ApiError::new(Code::NotReady, message)
}

/// Whether this instance should be sent requests: its database answers, holds every migration
/// it knows, and the catalogue's changes are heard. From SIGTERM on it answers 503 at once while
/// it finishes serving for `DRAIN_SECONDS`, so that a load balancer moves away first.
#[utoipa::path(
    tag = "health",
    responses(
        (status = 200, description = "Ready to serve", body = Data<Readiness>),
        (status = 503, description = "Draining before it stops, or not able to serve yet (`not_ready`)", body = ErrorBody),
    )
)]
#[get("/health/ready")]
async fn ready(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let lifecycle = &state.lifecycle;
    if lifecycle.draining() {
        return Err(not_ready("Ce serveur s'arrête : il ne prend plus de nouvelles requêtes."));
    }
    if state.storage.ping().await.is_err() {
        return Err(not_ready("Ce serveur n'est pas prêt : la base de données ne répond pas."));
    }
    if !lifecycle.migrations_current() {
        match state.storage.migrations_current().await {
            Ok(true) => lifecycle.set_migrations_current(),
            Ok(false) => {
                return Err(not_ready("Ce serveur n'est pas prêt : des migrations de la base restent à appliquer."));
            }
            Err(_) => return Err(not_ready("Ce serveur n'est pas prêt : la base de données ne répond pas.")),
        }
    }
    if !state.catalog_cache.listening() {
        return Err(not_ready("Ce serveur n'est pas prêt : il n'écoute pas encore les changements du catalogue."));
    }
    Ok(HttpResponse::Ok().json(Data::new(Readiness {
        status: "ready",
        database: "ok",
        migrations: "current",
        catalogue_changes: "listening",
    })))
}
