//! The OpenAPI 3 document, generated from the handlers' annotations, served at
//! `/api/openapi.json` and browsable (offline: the UI is embedded) at `/api/docs/`.

use utoipa::OpenApi;

use crate::error::ErrorBody;
use crate::routes;

#[derive(OpenApi)]
#[openapi(
    info(title = "Bitik API", description = "The shop's HTTP API. Errors always answer `ErrorBody`."),
    servers((url = "/api")),
    paths(routes::health::health, routes::newsletter::subscribe),
    components(schemas(ErrorBody)),
    tags(
        (name = "health", description = "Liveness of the server and its database"),
        (name = "newsletter", description = "The shop's newsletter list"),
    ),
)]
pub struct ApiDoc;
