//! OpenAPI schemas the derives cannot state, named by the routes' `schema_with`.

/// Page numbers and page sizes: whole numbers from 1, read from the query as text (larger
/// than the server counts is read as the largest; a size above the route's maximum is served
/// at the maximum), hence no `format` bound.
pub fn whole_from_one() -> utoipa::openapi::schema::Object {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(1)).build()
}

/// The units of one variant in a cart or an order line: a whole number from 1 to
/// [`bitik_catalog::MAX_LINE_QUANTITY`] (more is refused with 409 `quantity_limit`).
pub fn line_quantity() -> utoipa::openapi::schema::Object {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(1))
        .maximum(Some(bitik_catalog::MAX_LINE_QUANTITY))
        .build()
}

/// A product's price or promotional price, whole francs from 0 to [`bitik_catalog::MAX_PRICE`];
/// `null` or absent is no price.
pub fn price() -> utoipa::openapi::schema::Object {
    use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, SchemaType, Type};
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Integer, Type::Null]))
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
        .minimum(Some(0))
        .maximum(Some(bitik_catalog::MAX_PRICE.as_francs()))
        .build()
}

/// `scope`: `admin` is the one value.
pub fn admin_scope() -> utoipa::openapi::schema::Object {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["admin"])).build()
}

/// What people type in a phone number: digits with spaces, dots, dashes or parentheses between
/// them, `+` before a country code.
const PHONE_PATTERN: &str = r"^\s*\+?[0-9][0-9 ().+-]*\s*$";

/// A phone a form requires (`bitik_common::Phone`): a Senegalese number as it is written
/// (`77 123 45 67`, `+221 77 123 45 67`) or another country's in international form. Whether
/// its digits are a number of their country's plan is libphonenumber's to say, which a pattern
/// cannot: a string of this shape may still be refused.
pub fn phone() -> utoipa::openapi::schema::Object {
    phone_schema(utoipa::openapi::schema::Type::String.into(), PHONE_PATTERN.to_owned())
}

/// A phone a form offers: the same, or blank for none.
pub fn optional_phone() -> utoipa::openapi::schema::Object {
    phone_schema(utoipa::openapi::schema::Type::String.into(), format!(r"^\s*$|{PHONE_PATTERN}"))
}

/// A phone a change may carry: the same, blank to clear it, `null` to leave it.
pub fn nullable_phone() -> utoipa::openapi::schema::Object {
    use utoipa::openapi::schema::{SchemaType, Type};
    phone_schema(SchemaType::from_iter([Type::String, Type::Null]), format!(r"^\s*$|{PHONE_PATTERN}"))
}

fn phone_schema(types: utoipa::openapi::schema::SchemaType, pattern: String) -> utoipa::openapi::schema::Object {
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(types)
        .max_length(Some(bitik_common::Phone::MAX_TYPED_CHARS))
        .pattern(Some(pattern))
        .examples(["77 123 45 67"])
        .build()
}

/// An order's own key (`orderUrl`'s `k`): 32 hexadecimal digits. Blank is no key.
pub fn order_key() -> utoipa::openapi::schema::Object {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(r"^\s*$|^[0-9a-fA-F]{32}$")).build()
}
