//! The logged-in customer's cart.

use actix_web::{HttpResponse, delete, get, post, put, web};
use bitik_cart::{Cart, CartItem, MergeReport};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::auth::AuthUser;
use crate::error::{ApiError, ErrorBody};
use crate::responses::Data;
use crate::routes::whole::Whole;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(get_cart).service(add).service(update_item).service(remove_item).service(clear).service(merge);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartItemDto {
    id: Uuid,
    product_id: Uuid,
    name: String,
    slug: String,
    image: String,
    price: i64,
    /// Present while the product is on promotion: the price then paid.
    #[serde(skip_serializing_if = "Option::is_none")]
    promo_price: Option<i64>,
    quantity: u32,
    size: String,
    color: String,
    /// Units of this variant left in stock.
    stock: u32,
}

impl From<CartItem> for CartItemDto {
    fn from(item: CartItem) -> Self {
        CartItemDto {
            id: item.id,
            product_id: item.product_id,
            name: item.name,
            slug: item.slug,
            image: item.image,
            price: item.price.as_francs(),
            promo_price: item.promo_price.map(|p| p.as_francs()),
            quantity: item.quantity,
            size: item.size,
            color: item.color,
            stock: item.stock,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartDto {
    items: Vec<CartItemDto>,
    /// Sum of the lines at the prices paid, in FCFA.
    subtotal: i64,
    /// Units in the cart.
    item_count: u64,
}

impl From<Cart> for CartDto {
    fn from(cart: Cart) -> Self {
        let (subtotal, item_count) = (cart.subtotal().as_francs(), cart.item_count());
        CartDto { items: cart.items.into_iter().map(Into::into).collect(), subtotal, item_count }
    }
}

/// A line to add. Fields arrive loosely typed so that each mistake gets its own French message.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddBody {
    #[schema(value_type = Uuid, required = true, example = "3f0c5e0e-6b8a-4c1e-9d55-2a7f1b0c9e11")]
    product_id: Option<Value>,
    /// Whole number, 1 by default (`null` too), 10 at most in the line.
    #[schema(schema_with = crate::schema::line_quantity, example = 1)]
    quantity: Option<Value>,
    #[schema(value_type = String, required = true, pattern = r"\S", example = "M")]
    size: Option<String>,
    #[schema(value_type = String, required = true, pattern = r"\S", example = "noir")]
    color: Option<String>,
}

impl From<AddBody> for bitik_catalog::RawChoice {
    fn from(body: AddBody) -> Self {
        bitik_catalog::RawChoice {
            product_id: body.product_id.map(|id| match id {
                Value::String(id) => id,
                _ => String::new(),
            }),
            quantity: body.quantity.map(whole),
            size: body.size,
            color: body.color,
        }
    }
}

/// `Ok` for a whole number (`82.0` too: JSON Schema's integer), `Err` for anything else (1.5,
/// "2", true…).
fn whole(value: Value) -> Result<i64, ()> {
    Whole::of(&value).ok_or(())
}

#[derive(Deserialize, ToSchema)]
pub struct QuantityBody {
    #[schema(schema_with = crate::schema::line_quantity, required = true, example = 2)]
    quantity: Option<Value>,
}

#[derive(Deserialize, ToSchema)]
pub struct MergeBody {
    /// The guest's lines as the browser kept them, shaped like `AddBody`. A line that cannot
    /// join (unknown product or variant, bad quantity, no stock) is not refused: it is reported
    /// in `dropped`, so any objects are accepted here.
    #[schema(value_type = Vec<Object>)]
    items: Vec<AddBody>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DroppedDto {
    product_id: String,
    reason: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MergeDto {
    cart: CartDto,
    /// Lines added to the server cart.
    merged: usize,
    /// Lines lowered to the stock left, or to the 10 units a line holds.
    capped: usize,
    dropped: Vec<DroppedDto>,
}

fn merge_dto(cart: Cart, report: MergeReport) -> MergeDto {
    MergeDto {
        cart: cart.into(),
        merged: report.merged,
        capped: report.capped,
        dropped: report
            .dropped
            .into_iter()
            .map(|d| DroppedDto { product_id: d.product_id, reason: d.reason })
            .collect(),
    }
}

/// The cart, priced from the catalogue now.
#[utoipa::path(tag = "cart", security(("bearer" = [])), responses(
    (status = 200, description = "The cart", body = Data<CartDto>),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 409, description = "Its amount cannot be counted at today's prices (`amount_too_large`)", body = ErrorBody),
))]
#[get("/cart")]
async fn get_cart(state: web::Data<AppState>, AuthUser(user): AuthUser) -> Result<HttpResponse, ApiError> {
    let cart = state.carts.cart(user.id).await?;
    Ok(HttpResponse::Ok().json(Data::new(CartDto::from(cart))))
}

/// Adds units of a variant; the same product, size and colour add to the existing line.
#[utoipa::path(tag = "cart", security(("bearer" = [])), request_body = AddBody, responses(
    (status = 200, description = "The cart after the change", body = Data<CartDto>),
    (status = 400, description = "Invalid product id, size or colour missing or not the product's, or bad quantity", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 404, description = "No such product", body = ErrorBody),
    (status = 409, description = "Not enough stock for the line, more than 10 units in it (`quantity_limit`), or an amount the shop cannot count (`amount_too_large`)", body = ErrorBody),
))]
#[post("/cart/add")]
async fn add(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    body: web::Json<AddBody>,
) -> Result<HttpResponse, ApiError> {
    let cart = state.carts.add(user.id, body.into_inner().into()).await?;
    Ok(HttpResponse::Ok().json(Data::new(CartDto::from(cart))))
}

/// Sets the quantity of a line (at least 1, at most the stock and 10).
#[utoipa::path(tag = "cart", security(("bearer" = [])), request_body = QuantityBody,
    params(("itemId" = Uuid, Path, description = "Cart line id")),
    responses(
        (status = 200, description = "The cart after the change", body = Data<CartDto>),
        (status = 400, description = "Quantity below 1, or not whole", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 404, description = "No such line in this cart", body = ErrorBody),
        (status = 409, description = "Beyond the stock, more than 10 (`quantity_limit`), or an amount the shop cannot count (`amount_too_large`)", body = ErrorBody),
))]
#[put("/cart/items/{itemId}")]
async fn update_item(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    item_id: web::Path<Uuid>,
    body: web::Json<QuantityBody>,
) -> Result<HttpResponse, ApiError> {
    let quantity = body.into_inner().quantity.map(whole);
    let cart = state.carts.set_quantity(user.id, *item_id, quantity).await?;
    Ok(HttpResponse::Ok().json(Data::new(CartDto::from(cart))))
}

/// Removes a line.
#[utoipa::path(tag = "cart", security(("bearer" = [])),
    params(("itemId" = Uuid, Path, description = "Cart line id")),
    responses(
        (status = 200, description = "The cart after the change", body = Data<CartDto>),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 404, description = "No such line in this cart", body = ErrorBody),
        (status = 409, description = "What is left cannot be counted at today's prices (`amount_too_large`)", body = ErrorBody),
))]
#[delete("/cart/items/{itemId}")]
async fn remove_item(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    item_id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let cart = state.carts.remove(user.id, *item_id).await?;
    Ok(HttpResponse::Ok().json(Data::new(CartDto::from(cart))))
}

/// Empties the cart.
#[utoipa::path(tag = "cart", security(("bearer" = [])), responses(
    (status = 200, description = "The empty cart", body = Data<CartDto>),
    (status = 401, description = "Not logged in", body = ErrorBody),
))]
#[delete("/cart/clear")]
async fn clear(state: web::Data<AppState>, AuthUser(user): AuthUser) -> Result<HttpResponse, ApiError> {
    state.carts.clear(user.id).await?;
    Ok(HttpResponse::Ok().json(Data::new(CartDto::from(Cart::default()))))
}

/// Joins a guest's browser cart to the server cart on login.
#[utoipa::path(tag = "cart", security(("bearer" = [])), request_body = MergeBody, responses(
    (status = 200, description = "The merged cart and what could not join it", body = Data<MergeDto>),
    (status = 400, description = "More than 100 lines", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 409, description = "The merged cart's amount could not be counted (`amount_too_large`): nothing joins", body = ErrorBody),
))]
#[post("/cart/merge")]
async fn merge(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    body: web::Json<MergeBody>,
) -> Result<HttpResponse, ApiError> {
    let items = body.into_inner().items.into_iter().map(Into::into).collect();
    let (cart, report) = state.carts.merge(user.id, items).await?;
    Ok(HttpResponse::Ok().json(Data::new(merge_dto(cart, report))))
}
