//! The OpenAPI 3 document, generated from the handlers' annotations, served at
//! `/api/openapi.json` and browsable (offline: the UI is embedded) at `/api/docs/`.

use std::sync::OnceLock;

use utoipa::openapi::Required;
use utoipa::openapi::path::{Operation, ParameterIn, PathItem};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{Content, Ref, RefOr, Response, ResponseBuilder};
use utoipa::{Modify, OpenApi};

use crate::error::ErrorBody;
use crate::routes;
use crate::section::Section;

#[derive(OpenApi)]
#[openapi(
    info(title = "Bitik API", description = "The shop's HTTP API. Errors always answer `ErrorBody`."),
    servers((url = "/api")),
    paths(
        routes::health::health,
        routes::health::ready,
        routes::shop::shop,
        routes::catalog::list,
        routes::catalog::facets,
        routes::catalog::promotions,
        routes::catalog::new_arrivals,
        routes::catalog::similar,
        routes::catalog::show,
        routes::auth::register,
        routes::auth::login,
        routes::auth::me,
        routes::auth::update_profile,
        routes::auth::change_password,
        routes::auth::logout,
        routes::auth::forgot_password,
        routes::auth::reset_password,
        routes::auth::second_step,
        routes::login_code::send_code,
        routes::login_code::verify_code,
        routes::addresses::list,
        routes::addresses::create,
        routes::addresses::update,
        routes::addresses::remove,
        routes::addresses::make_default,
        routes::cash_on_delivery::link_state,
        routes::order_corrections::switch_mine_to_cash,
        routes::invoices::mine,
        routes::cash_on_delivery::confirm_with_link,
        routes::cash_on_delivery::confirm_mine,
        routes::alerts::ask,
        routes::alerts::unsubscribe,
        routes::delivery::list_zones,
        routes::promo_codes::check,
        routes::cart::get_cart,
        routes::cart::add,
        routes::cart::update_item,
        routes::cart::remove_item,
        routes::cart::clear,
        routes::cart::merge,
        routes::orders::place,
        routes::orders::list,
        routes::orders::detail,
        routes::orders::cancel,
        routes::payments::init,
        routes::payments::status,
        routes::payments::order_status,
        routes::payments::cancel,
        routes::newsletter::subscribe,
    ),
    // Enums named only by query parameters: utoipa registers those of bodies and answers alone.
    components(schemas(
        ErrorBody,
        routes::products::ProductDto,
        routes::products::AdminProductDto,
        routes::catalog::CategoryCode,
        routes::catalog::SubcategoryCode,
        routes::catalog::ProductSortCode,
        routes::catalog::SortOrder,
    )),
    tags(
        (name = "health", description = "Liveness of the server and its database; readiness of this instance"),
        (name = "shop", description = "How the shop presents itself"),
        (name = "auth", description = "Accounts and sessions"),
        (name = "catalog", description = "Browsing and searching the products"),
        (name = "addresses", description = "The customer's address book"),
        (name = "cart", description = "The customer's cart"),
        (name = "delivery", description = "Delivery zones: their communes, fees, delays and whether cash on delivery is taken"),
        (name = "orders", description = "The customer's orders"),
        (name = "payments", description = "Wave payments: sessions, status, webhook, and test mode's simulator"),
        (name = "newsletter", description = "The shop's newsletter list"),
    ),
)]
pub struct ApiDoc;

/// The whole document: the storefront's operations and each section's (the back office's), with
/// what every operation shares written once (the bearer scheme, the error answers, blank queries).
/// Made once per process: every worker serves the same sections.
pub fn document(sections: &[Section]) -> &'static utoipa::openapi::OpenApi {
    DOCUMENT.get_or_init(|| {
        let mut document = ApiDoc::openapi();
        for section in sections {
            document.merge((section.document)());
        }
        for modifier in [&BearerAuth as &dyn Modify, &ErrorAnswers, &BlankQueryIsAbsent] {
            modifier.modify(&mut document);
        }
        document
    })
}

static DOCUMENT: OnceLock<utoipa::openapi::OpenApi> = OnceLock::new();

/// Session tokens travel as `Authorization: Bearer <token>`.
struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}

/// The error answers any operation can give, whether or not its handler names them: actix and
/// the extractors answer them before the handler runs (a body that is not JSON, too large or
/// malformed; a query or path that cannot be read; no or a bad session), and any query may find
/// PostgreSQL gone. Written once here so that the document never misses one.
struct ErrorAnswers;

impl Modify for ErrorAnswers {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for item in openapi.paths.paths.values_mut() {
            for operation in operations_mut(item) {
                add_error_answers(operation);
            }
        }
    }
}

/// Every query parameter of the API is optional, and a blank one (`?limit=`, `?role=`) is read
/// as absent: filter forms send their empty fields. OpenAPI says so with `allowEmptyValue`,
/// which utoipa 5 does not model: it is written as a raw key of the parameter.
struct BlankQueryIsAbsent;

impl Modify for BlankQueryIsAbsent {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for item in openapi.paths.paths.values_mut() {
            for operation in operations_mut(item) {
                let queries =
                    operation.parameters.iter_mut().flatten().filter(|p| p.parameter_in == ParameterIn::Query);
                for parameter in queries.filter(|p| p.required == Required::False) {
                    parameter
                        .extensions
                        .get_or_insert_with(Default::default)
                        .insert("allowEmptyValue".to_owned(), true.into());
                }
            }
        }
    }
}

fn operations_mut(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch].into_iter().flatten()
}

fn add_error_answers(operation: &mut Operation) {
    let json_body = operation
        .request_body
        .as_ref()
        .is_some_and(|body| body.content.keys().any(|k| k.starts_with("application/json")));
    let params = operation.parameters.as_deref().unwrap_or_default();
    let has = |place: ParameterIn| params.iter().any(|p| p.parameter_in == place);
    let protected = operation.security.as_ref().is_some_and(|s| !s.is_empty());
    let permission = permission_named(operation);
    let mut add = |status: &str, description: &str| {
        operation.responses.responses.entry(status.to_owned()).or_insert_with(|| error_answer(description));
    };
    if json_body || has(ParameterIn::Query) {
        add("400", "The body or a parameter is malformed or breaks a rule (French message, fields named)");
    }
    if json_body {
        add("413", "The body is over the size limit: `La requête est trop volumineuse.`");
        add("415", "The body is not sent as JSON: `Le contenu doit être envoyé au format JSON.`");
    }
    if has(ParameterIn::Path) {
        add("404", "Nothing has this id");
    }
    if protected {
        add("401", "Not logged in, or the session ended");
    }
    if let Some(permission) = &permission {
        add("403", &format!("The caller's role does not hold `{permission}` (docs/roles.md)"));
    }
    add("503", "The database does not answer (Retry-After)");
}

/// The back-office permission an operation names as its bearer scope.
fn permission_named(operation: &Operation) -> Option<String> {
    let security = serde_json::to_value(operation.security.as_ref()?).ok()?;
    let scopes = security.as_array()?.iter().filter_map(|requirement| requirement["bearer"].as_array());
    scopes.flatten().find_map(|scope| scope.as_str().map(str::to_owned))
}

fn error_answer(description: &str) -> RefOr<Response> {
    ResponseBuilder::new()
        .description(description)
        .content("application/json", Content::new(Some(Ref::from_schema_name("ErrorBody"))))
        .into()
}

/// The methods the document lists for a path of the API (without `/api`), for the `Allow`
/// header of a 405. Literal segments win over parameters, as in the router: `/products/facets`
/// is not `/products/{idOrSlug}`. Empty when no documented path matches.
pub fn methods_of(path: &str) -> Vec<&'static str> {
    let document = document(&[]);
    let matching: Vec<(&String, &PathItem)> =
        document.paths.paths.iter().filter(|(template, _)| template_matches(template, path)).collect();
    let parameters = |template: &str| template.matches('{').count();
    let Some(fewest) = matching.iter().map(|(template, _)| parameters(template)).min() else { return Vec::new() };
    let mut methods: Vec<&'static str> = Vec::new();
    for (_, item) in matching.into_iter().filter(|(template, _)| parameters(template) == fewest) {
        let declared = [
            ("GET", item.get.is_some()),
            ("POST", item.post.is_some()),
            ("PUT", item.put.is_some()),
            ("DELETE", item.delete.is_some()),
            ("PATCH", item.patch.is_some()),
        ];
        methods.extend(declared.into_iter().filter(|(_, yes)| *yes).map(|(method, _)| method));
    }
    methods.sort_unstable();
    methods.dedup();
    methods
}

/// `/products/{id}` matches `/products/abc`: a `{name}` stands for one non-empty segment.
fn template_matches(template: &str, path: &str) -> bool {
    let (mut wanted, mut given) = (template.split('/'), path.split('/'));
    loop {
        match (wanted.next(), given.next()) {
            (None, None) => return true,
            (Some(w), Some(g)) if w.starts_with('{') && w.ends_with('}') => {
                if g.is_empty() {
                    return false;
                }
            }
            (Some(w), Some(g)) if w == g => {}
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_match_one_segment_per_parameter() {
        assert!(template_matches("/products/{id}", "/products/abc"));
        assert!(!template_matches("/products/{id}", "/products/"));
        assert!(!template_matches("/products/{id}", "/products/abc/def"));
        assert!(template_matches("/cart", "/cart"));
        assert!(!template_matches("/cart", "/carts"));
    }

    #[test]
    fn the_methods_of_a_path_come_from_the_document() {
        assert_eq!(methods_of("/products"), vec!["GET"]);
        assert_eq!(methods_of("/auth/login"), vec!["POST"]);
        assert!(methods_of("/nowhere").is_empty());
        assert_eq!(methods_of("/products/new-arrivals"), vec!["GET"]);
        assert_eq!(methods_of("/products/abc"), vec!["GET"]);
    }
}
