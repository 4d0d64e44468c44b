//! Test mode's Wave checkout page (no `WAVE_API_KEY`): plain server-rendered French HTML with
//! two forms, Payer and Échouer, and no script. The tester's choice is handed to the shop as the
//! signed webhook delivery Wave would send, through the same path as Wave's own.

use actix_web::http::header;
use actix_web::{HttpResponse, get, post, web};
use bitik_common::escape_html as escape;
use bitik_payments::CheckoutStatus;
use bitik_wave::{Delivery, SIMULATOR_PATH, Simulated, Simulator, SimulatorError};
use chrono::Utc;

use bitik_api::error::{ApiError, Code, ErrorBody};
use bitik_api::state::AppState;

use crate::wave::receive;

const STYLESHEET: &str = "\
body{margin:0;font-family:system-ui,sans-serif;background:#f4f6fb;color:#1c1f2a}\
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0001}\
h1{font-size:1.4rem;margin:0 0 1rem}\
.test{background:#fff4d6;border:1px solid #e8c35a;padding:.6rem .8rem;border-radius:8px}\
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#5b6070}dd{margin:0;word-break:break-all}\
form{margin-top:.8rem}button{width:100%;padding:.9rem;font-size:1.05rem;border:0;border-radius:8px;cursor:pointer}\
.pay{background:#1dc8ff;color:#04263a;font-weight:600}.fail{background:#eceef3;color:#1c1f2a}\
.error{color:#a11d2b}a{color:#0a6fb5}";

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(stylesheet).service(page).service(pay).service(fail);
}

fn simulator(state: &AppState) -> Result<&Simulator, ApiError> {
    // With Wave configured, these pages do not exist.
    state.simulator.as_deref().ok_or_else(|| ApiError::new(Code::NotFound, "Cette adresse de l'API n'existe pas."))
}

/// Test mode's sessions could not be read or written: 503 when the database did not answer.
fn unavailable(error: SimulatorError) -> ApiError {
    ApiError::internal(error)
}

fn session_not_found() -> ApiError {
    ApiError::new(Code::PaymentSessionNotFound, "Session de paiement non trouvée")
}

/// The simulator page's stylesheet (a file, as the content security policy wants).
#[utoipa::path(tag = "payments", responses((status = 200, description = "CSS", content_type = "text/css")))]
#[get("/payments/wave/simulator/simulator.css")]
async fn stylesheet(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    simulator(&state)?;
    Ok(HttpResponse::Ok().content_type("text/css; charset=utf-8").body(STYLESHEET))
}

/// Test mode only: the simulated Wave checkout page a session's `checkoutUrl` opens.
#[utoipa::path(tag = "payments",
    params(("sessionId" = String, Path, description = "Simulated session id (cos-…)")),
    responses(
        (status = 200, description = "The page (HTML)", content_type = "text/html"),
        (status = 404, description = "No such simulated session, or not in test mode", body = ErrorBody),
))]
#[get("/payments/wave/simulator/{sessionId}")]
async fn page(state: web::Data<AppState>, session_id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let simulated =
        simulator(&state)?.session(&session_id).await.map_err(unavailable)?.ok_or_else(session_not_found)?;
    let html = render(&simulated, &state.config.public_url);
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header((
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; style-src 'self'; base-uri 'none'; frame-ancestors 'none'",
        ))
        .insert_header((header::X_FRAME_OPTIONS, "DENY"))
        .body(html))
}

/// Test mode only: the tester pays. Wave's signed `checkout.session.completed` goes to the shop,
/// then the browser goes to the session's success address.
#[utoipa::path(tag = "payments",
    params(("sessionId" = String, Path, description = "Simulated session id (cos-…)")),
    responses(
        (status = 303, description = "To the success address (or back to the page if no longer open)"),
        (status = 404, description = "No such simulated session, or not in test mode", body = ErrorBody),
))]
#[post("/payments/wave/simulator/{sessionId}/pay")]
async fn pay(state: web::Data<AppState>, session_id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let outcome = simulator(&state)?.pay(&session_id).await;
    deliver(&state, &session_id, outcome).await
}

/// Test mode only: the payment fails. Wave's signed `checkout.session.payment_failed` goes to
/// the shop, then the browser goes to the session's error address.
#[utoipa::path(tag = "payments",
    params(("sessionId" = String, Path, description = "Simulated session id (cos-…)")),
    responses(
        (status = 303, description = "To the error address (or back to the page if no longer open)"),
        (status = 404, description = "No such simulated session, or not in test mode", body = ErrorBody),
))]
#[post("/payments/wave/simulator/{sessionId}/fail")]
async fn fail(state: web::Data<AppState>, session_id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let outcome = simulator(&state)?.fail(&session_id).await;
    deliver(&state, &session_id, outcome).await
}

async fn deliver(
    state: &AppState,
    session_id: &str,
    outcome: Result<Delivery, SimulatorError>,
) -> Result<HttpResponse, ApiError> {
    let delivery = match outcome {
        Ok(delivery) => delivery,
        Err(SimulatorError::NotFound) => return Err(session_not_found()),
        // Paid, failed or expired already (a second click): the page tells which.
        Err(SimulatorError::NotOpen(_)) => return Ok(see_other(&format!("{SIMULATOR_PATH}/{session_id}"))),
        Err(error @ SimulatorError::Storage(_)) => return Err(unavailable(error)),
    };
    // Like Wave, the shopper is sent back whatever the shop made of the event; the result pages
    // ask the server, which asks the simulator again if this delivery was not handled.
    if let Err(error) = receive(state, Some(&delivery.signature), &delivery.body).await {
        tracing::warn!(%error, session_id, "the simulated webhook delivery was not handled");
    }
    Ok(see_other(&delivery.redirect_to))
}

fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther().insert_header((header::LOCATION, location.to_owned())).finish()
}

fn render(simulated: &Simulated, public_url: &str) -> String {
    let session = &simulated.session;
    let id = escape(&session.id);
    let action = |what: &str| format!("{SIMULATOR_PATH}/{id}/{what}");
    let minutes_left = (session.expires_at - Utc::now()).num_minutes().max(0);
    let body = match session.checkout_status {
        CheckoutStatus::Open => {
            let refused = session
                .last_error
                .as_ref()
                .map(|e| format!("<p class=\"error\">Dernière tentative refusée : {}</p>", escape(&e.message)))
                .unwrap_or_default();
            format!(
                "{refused}<p>Expire dans {minutes_left} min. Choisissez l'issue du paiement :</p>\
                 <form method=\"post\" action=\"{pay}\"><button type=\"submit\" class=\"pay\">Payer {amount}</button></form>\
                 <form method=\"post\" action=\"{fail}\"><button type=\"submit\" class=\"fail\">Échouer</button></form>",
                pay = action("pay"),
                fail = action("fail"),
                amount = escape(&session.amount.to_string()),
            )
        }
        CheckoutStatus::Complete => format!(
            "<p>Ce paiement a été effectué.</p><p><a href=\"{}\">Retour à la boutique</a></p>",
            escape(&simulated.success_url)
        ),
        CheckoutStatus::Expired => format!(
            "<p>Cette session de paiement a expiré.</p><p><a href=\"{}/\">Retour à la boutique</a></p>",
            escape(public_url)
        ),
    };
    format!(
        "<!doctype html><html lang=\"fr\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><meta name=\"robots\" content=\"noindex\">\
         <title>Simulateur Wave · {business}</title><link rel=\"stylesheet\" href=\"{SIMULATOR_PATH}/simulator.css\"></head>\
         <body><main><p class=\"test\">Mode de test activé : le paiement est simulé.</p>\
         <h1>Paiement Wave simulé</h1><dl><dt>Marchand</dt><dd>{business}</dd><dt>Montant</dt><dd>{amount}</dd>\
         <dt>Référence</dt><dd>{reference}</dd><dt>Session</dt><dd>{id}</dd></dl>{body}</main></body></html>",
        business = escape(&session.business_name),
        amount = escape(&session.amount.to_string()),
        reference = escape(session.client_reference.as_deref().unwrap_or("")),
    )
}
