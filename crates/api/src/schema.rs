//! OpenAPI schemas the derives cannot state, named by the routes' `schema_with`.

/// Page numbers and page sizes: whole numbers from 1, read from the query as text (larger
/// than the server counts is read as the largest; a size above the route's maximum is served
/// at the maximum), hence no `format` bound.
pub fn whole_from_one() -> utoipa::openapi::schema::Object {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(1)).build()
}

/// `scope`: `admin` is the one value.
pub fn admin_scope() -> utoipa::openapi::schema::Object {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["admin"])).build()
}
