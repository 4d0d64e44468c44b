//! The customer's address book. Another user's address id answers 404.

use actix_web::{HttpResponse, delete, get, post, put, web};
use bitik_common::RawAddress;
use bitik_identity::{Address, AddressInput};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::auth::AuthUser;
use crate::error::{ApiError, ErrorBody};
use crate::responses::Data;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(list).service(create).service(update).service(remove).service(make_default);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressDto {
    id: Uuid,
    label: String,
    first_name: String,
    last_name: String,
    /// E.164 (`+221771234567`); empty when there is none. A phone kept from before E.164 that
    /// does not read as a number is answered as it was typed.
    phone: String,
    address: String,
    city: String,
    /// Only addresses saved when the form asked for a postcode have one: a `zipCode` sent now is
    /// not read (Dakar has none).
    zip_code: String,
    country: String,
    /// A commune's code in the delivery zones, and its name there; empty for an address saved
    /// before zones, or whose commune has left the list.
    #[schema(example = "medina")]
    commune: String,
    #[schema(example = "Médina")]
    commune_name: String,
    /// The point de repère a courier finds the customer by.
    landmark: String,
    is_default: bool,
    created_at: DateTime<Utc>,
}

impl From<Address> for AddressDto {
    fn from(a: Address) -> Self {
        AddressDto {
            id: a.id,
            label: a.label,
            first_name: a.first_name,
            last_name: a.last_name,
            phone: a.phone,
            address: a.address,
            city: a.city,
            zip_code: a.zip_code,
            country: a.country,
            commune: a.commune,
            commune_name: a.commune_name,
            landmark: a.landmark,
            is_default: a.is_default,
            created_at: a.created_at,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressBody {
    #[serde(default)]
    #[schema(max_length = 60)]
    label: String,
    #[serde(default)]
    #[schema(required = true, max_length = 100, pattern = r"\S")]
    first_name: String,
    #[serde(default)]
    #[schema(required = true, max_length = 100, pattern = r"\S")]
    last_name: String,
    #[serde(default)]
    #[schema(required = true, schema_with = crate::schema::phone)]
    phone: String,
    #[serde(default)]
    #[schema(required = true, max_length = 300, pattern = r"\S")]
    address: String,
    /// The commune's name when blank.
    #[serde(default)]
    #[schema(max_length = 100)]
    city: String,
    #[serde(default)]
    #[schema(max_length = 100)]
    country: String,
    /// A commune's `code` from `GET /api/delivery/zones`, of a zone the shop delivers to.
    #[serde(default)]
    #[schema(required = true, max_length = 60, pattern = r"^[a-z0-9]+(-[a-z0-9]+)*$", example = "medina")]
    commune: String,
    /// The point de repère a courier finds the customer by.
    #[serde(default)]
    #[schema(required = true, max_length = 200, pattern = r"\S")]
    landmark: String,
    #[serde(default)]
    is_default: bool,
}

impl From<AddressBody> for AddressInput {
    fn from(b: AddressBody) -> Self {
        AddressInput {
            label: b.label,
            first_name: b.first_name,
            last_name: b.last_name,
            phone: b.phone,
            address: RawAddress { address: b.address, city: b.city, country: b.country, ..RawAddress::default() },
            commune: b.commune,
            landmark: b.landmark,
            is_default: b.is_default,
        }
    }
}

/// The user's addresses, the default first.
#[utoipa::path(tag = "addresses", security(("bearer" = [])), responses(
    (status = 200, description = "Addresses", body = Data<Vec<AddressDto>>),
    (status = 401, description = "Not logged in", body = ErrorBody),
))]
#[get("/users/addresses")]
async fn list(state: web::Data<AppState>, AuthUser(user): AuthUser) -> Result<HttpResponse, ApiError> {
    let addresses: Vec<AddressDto> = state.accounts.addresses(user.id).await?.into_iter().map(Into::into).collect();
    Ok(HttpResponse::Ok().json(Data::new(addresses)))
}

/// Adds an address; the first one becomes the default. A book holds 20 at most.
#[utoipa::path(tag = "addresses", security(("bearer" = [])), request_body = AddressBody, responses(
    (status = 201, description = "Added", body = Data<AddressDto>),
    (status = 400, description = "A required field is missing, or a commune off the list", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 409, description = "The book already holds 20 addresses (`address_book_full`): nothing added", body = ErrorBody),
))]
#[post("/users/addresses")]
async fn create(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    body: web::Json<AddressBody>,
) -> Result<HttpResponse, ApiError> {
    let address = state.accounts.add_address(user.id, body.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(Data::new(AddressDto::from(address))))
}

/// Replaces an address.
#[utoipa::path(tag = "addresses", security(("bearer" = [])), request_body = AddressBody,
    params(("id" = Uuid, Path, description = "Address id")),
    responses(
        (status = 200, description = "Updated", body = Data<AddressDto>),
        (status = 400, description = "A required field is missing, or a commune off the list", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 404, description = "No such address of this user", body = ErrorBody),
))]
#[put("/users/addresses/{id}")]
async fn update(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    id: web::Path<Uuid>,
    body: web::Json<AddressBody>,
) -> Result<HttpResponse, ApiError> {
    let address = state.accounts.update_address(user.id, *id, body.into_inner().into()).await?;
    Ok(HttpResponse::Ok().json(Data::new(AddressDto::from(address))))
}

/// Deletes an address; if it was the default, the newest remaining one becomes it.
#[utoipa::path(tag = "addresses", security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Address id")),
    responses(
        (status = 200, description = "The remaining addresses", body = Data<Vec<AddressDto>>),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 404, description = "No such address of this user", body = ErrorBody),
))]
#[delete("/users/addresses/{id}")]
async fn remove(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.accounts.delete_address(user.id, *id).await?;
    let addresses: Vec<AddressDto> = state.accounts.addresses(user.id).await?.into_iter().map(Into::into).collect();
    Ok(HttpResponse::Ok().json(Data::new(addresses)))
}

/// Makes an address the default one.
#[utoipa::path(tag = "addresses", security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Address id")),
    responses(
        (status = 200, description = "The new default", body = Data<AddressDto>),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 404, description = "No such address of this user", body = ErrorBody),
))]
#[put("/users/addresses/{id}/default")]
async fn make_default(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let address = state.accounts.set_default_address(user.id, *id).await?;
    Ok(HttpResponse::Ok().json(Data::new(AddressDto::from(address))))
}
