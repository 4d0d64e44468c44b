//! Writing products: the product form as typed, checked against the shop's rules
//! (docs/rules.md#catalogue) into a product ready to store.

use std::collections::BTreeMap;

use bitik_common::{FieldErrors, Money};
use chrono::{DateTime, Utc};

use crate::error::CatalogError;
use crate::model::{Category, Color, Picture, Size, Slug, Stock, Subcategory};

const MSG_PROMO_PRICE: &str = "Le prix promotionnel doit être inférieur au prix normal";
const MSG_NO_COLOR: &str = "Au moins une couleur est requise";
const MSG_NO_SIZE: &str = "Les tailles sont requises pour les vêtements";
const MSG_REQUIRED: &str = "Ce champ est requis";

/// The highest price, or promotional price, a product may have (docs/rules.md#money): far above
/// anything the shop sells, so a slip of the keyboard is caught before shoppers see it.
pub const MAX_PRICE: Money = Money::francs(100_000_000);

/// The product form as received, before any rule is checked. Field names in errors are the
/// camelCase names of the API.
#[derive(Debug, Clone, Default)]
pub struct ProductForm {
    pub name: Option<String>,
    pub short_description: Option<String>,
    pub description: Option<String>,
    pub price: Option<i64>,
    pub promo_price: Option<i64>,
    pub on_promotion: bool,
    pub category: Option<String>,
    pub subcategory: Option<String>,
    pub colors: Vec<String>,
    /// Ignored for accessories, which always have the single size `unique`.
    pub sizes: Vec<String>,
    /// colour → size → quantity; a (colour, size) left out has no stock.
    pub stock: BTreeMap<String, BTreeMap<String, i64>>,
    pub images: Vec<String>,
    /// The colour of each of `images`, in the same order (blank or missing: every colour).
    pub image_colors: Vec<Option<String>>,
    pub material: Option<String>,
    pub care_instructions: Option<String>,
    pub featured: bool,
    /// Absent means active: a new product is for sale unless said otherwise.
    pub active: Option<bool>,
}

/// A product that passed every rule, ready for the repository. `stock` holds every
/// (colour, size) of the product, zero where none was given, so the stock grid is complete.
#[derive(Debug, Clone, PartialEq)]
pub struct NewProduct {
    pub name: String,
    pub short_description: String,
    pub description: String,
    pub price: Money,
    pub promo_price: Option<Money>,
    pub on_promotion: bool,
    pub subcategory: Subcategory,
    pub colors: Vec<Color>,
    pub sizes: Vec<Size>,
    pub pictures: Vec<Picture>,
    pub stock: Stock,
    pub material: String,
    pub care_instructions: String,
    pub featured: bool,
    pub active: bool,
    /// `None` is "now"; the demo seed dates its products in the past.
    pub created_at: Option<DateTime<Utc>>,
}

impl NewProduct {
    /// The slug wanted; the repository appends `-2`, `-3`… when another product has it.
    pub fn slug(&self) -> Slug {
        Slug::from_name(&self.name)
    }
}

/// Longest lists a form may send: more colours, sizes or pictures than any product has.
const MAX_COLORS: usize = 30;
const MAX_SIZES: usize = 12;
const MAX_IMAGES: usize = 12;

/// How the summary names a required field left out.
fn label(field: &str) -> &'static str {
    match field {
        "name" => "nom",
        "description" => "description",
        "price" => "prix",
        "category" => "catégorie",
        _ => "sous-catégorie",
    }
}

/// The form's problems as one error: the missing fields listed in one sentence, or else the
/// first problem found.
fn invalid(errors: FieldErrors) -> CatalogError {
    let missing: Vec<&str> = errors.missing_fields().map(label).collect();
    let message = if missing.is_empty() {
        errors.first_message().unwrap_or_default().to_owned()
    } else {
        format!("Champs requis manquants: {}", missing.join(", "))
    };
    CatalogError::Validation { message, fields: errors.into_map() }
}

impl ProductForm {
    /// Applies the product form's rules; every broken rule is reported, not just the first.
    pub fn validate(self, created_at: Option<DateTime<Utc>>) -> Result<NewProduct, CatalogError> {
        let mut problems = FieldErrors::default();
        let name = required_text(&mut problems, self.name, "name", "Le nom ne peut pas dépasser 200 caractères", 200);
        let description = required_text(
            &mut problems,
            self.description,
            "description",
            "La description ne peut pas dépasser 10 000 caractères",
            10_000,
        );
        let short_description = optional_text(
            &mut problems,
            self.short_description,
            "shortDescription",
            "Le résumé ne peut pas dépasser 500 caractères",
            500,
        );
        let material = optional_text(
            &mut problems,
            self.material,
            "material",
            "La matière ne peut pas dépasser 500 caractères",
            500,
        );
        let care_instructions = optional_text(
            &mut problems,
            self.care_instructions,
            "careInstructions",
            "L'entretien ne peut pas dépasser 2 000 caractères",
            2_000,
        );
        let (price, promo_price) = prices(&mut problems, self.price, self.promo_price, self.on_promotion);
        let subcategory = subcategory(&mut problems, self.category.as_deref(), self.subcategory.as_deref());
        let colors = colors(&mut problems, &self.colors);
        let sizes = match subcategory.map(Subcategory::category) {
            Some(Category::Accessoire) => vec![Size::Unique],
            _ => clothing_sizes(&mut problems, &self.sizes),
        };
        let stock = stock_grid(&mut problems, &self.stock, &colors, &sizes);
        let pictures = pictures(&mut problems, &self.images, &self.image_colors, &colors);

        problems.finish(invalid)?;
        Ok(NewProduct {
            name: name.unwrap_or_default(),
            short_description,
            description: description.unwrap_or_default(),
            price: price.unwrap_or_default(),
            promo_price,
            on_promotion: self.on_promotion,
            subcategory: subcategory.expect("checked above"),
            colors,
            sizes,
            pictures,
            stock,
            material,
            care_instructions,
            featured: self.featured,
            active: self.active.unwrap_or(true),
            created_at,
        })
    }
}

fn required_text(
    problems: &mut FieldErrors,
    value: Option<String>,
    field: &'static str,
    too_long: &str,
    max_chars: usize,
) -> Option<String> {
    let text = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    match &text {
        None => problems.missing(field, MSG_REQUIRED),
        Some(text) => problems.max_chars_worded(field, text, max_chars, too_long),
    };
    text
}

/// Longest picture address accepted.
const MAX_IMAGE_URL_CHARS: usize = 500;

/// Picture addresses: the shop's own (`/uploads/…`, `/images/…`) or `https://`. Anything else
/// (`javascript:`, `data:`, a protocol-relative `//host`) would end up in every shopper's page.
/// Each picture may name one of the product's colours (`colors[i]` is `urls[i]`'s).
fn pictures(problems: &mut FieldErrors, urls: &[String], colors: &[Option<String>], product: &[Color]) -> Vec<Picture> {
    if urls.len() > MAX_IMAGES {
        problems.fail("images", "Trop d'images");
    }
    if colors.len() > urls.len() {
        problems.fail("imageColors", "Chaque couleur d'image doit correspondre à une image");
    }
    // Paired before blank addresses are dropped, so that a colour stays with its picture.
    let pictures: Vec<(String, Option<Color>)> = urls
        .iter()
        .zip(colors.iter().map(Some).chain(std::iter::repeat(None)))
        .map(|(url, color)| (url.trim(), picture_color(problems, color.and_then(Option::as_deref), product)))
        .filter(|(url, _)| !url.is_empty())
        .map(|(url, color)| (url.to_owned(), color))
        .collect();
    if !pictures.iter().all(|(url, _)| acceptable_image(url)) {
        problems.fail("images", "Adresse d'image invalide : envoyez les images par le formulaire.");
    }
    pictures.into_iter().map(|(url, color)| Picture { url, color }).collect()
}

fn acceptable_image(url: &str) -> bool {
    let local = url.starts_with('/') && !url.starts_with("//");
    url.chars().count() <= MAX_IMAGE_URL_CHARS
        && (local || url.starts_with("https://"))
        && !url.chars().any(|c| c.is_whitespace() || c == '"' || c == '<' || c == '>')
}

/// A picture's colour: blank is every colour; anything else must be one of the product's.
fn picture_color(problems: &mut FieldErrors, raw: Option<&str>, product: &[Color]) -> Option<Color> {
    let raw = raw.map(str::trim).filter(|raw| !raw.is_empty())?;
    let color = Color::parse(raw).filter(|color| product.contains(color));
    if color.is_none() {
        problems.fail("imageColors", "La couleur d'une image doit être l'une des couleurs du produit");
    }
    color
}

fn optional_text(
    problems: &mut FieldErrors,
    value: Option<String>,
    field: &'static str,
    too_long: &str,
    max_chars: usize,
) -> String {
    let text = value.map(|v| v.trim().to_owned()).unwrap_or_default();
    problems.max_chars_worded(field, &text, max_chars, too_long);
    text
}

fn prices(
    problems: &mut FieldErrors,
    price: Option<i64>,
    promo_price: Option<i64>,
    on_promotion: bool,
) -> (Option<Money>, Option<Money>) {
    match price {
        None => {
            problems.missing("price", MSG_REQUIRED);
        }
        Some(price) if price < 0 => {
            problems.fail("price", "Le prix doit être positif ou nul");
        }
        Some(price) if price > MAX_PRICE.as_francs() => {
            problems.fail("price", format!("Le prix ne peut pas dépasser {MAX_PRICE}"));
        }
        Some(_) => {}
    }
    match promo_price {
        Some(promo) if promo < 0 => {
            problems.fail("promoPrice", "Le prix promotionnel doit être positif ou nul");
        }
        Some(promo) if promo > MAX_PRICE.as_francs() => {
            problems.fail("promoPrice", format!("Le prix promotionnel ne peut pas dépasser {MAX_PRICE}"));
        }
        _ => {}
    }
    // Without a price there is nothing to compare with: the missing price is reported instead.
    if on_promotion && price.is_some() && promo_price.is_none_or(|promo| Some(promo) >= price) {
        problems.fail("promoPrice", MSG_PROMO_PRICE);
    }
    (price.map(Money::francs), promo_price.map(Money::francs))
}

fn subcategory(problems: &mut FieldErrors, category: Option<&str>, subcategory: Option<&str>) -> Option<Subcategory> {
    let category = category.map(str::trim).filter(|v| !v.is_empty());
    let subcategory = subcategory.map(str::trim).filter(|v| !v.is_empty());
    if category.is_none() {
        problems.missing("category", MSG_REQUIRED);
    }
    if subcategory.is_none() {
        problems.missing("subcategory", MSG_REQUIRED);
    }
    let category = category?;
    let Some(category) = Category::parse(category) else {
        problems.fail("category", "Catégorie inconnue");
        return None;
    };
    match Subcategory::parse(subcategory?) {
        Some(subcategory) if subcategory.category() == category => Some(subcategory),
        _ => {
            problems.fail("subcategory", "Sous-catégorie invalide pour cette catégorie");
            None
        }
    }
}

fn colors(problems: &mut FieldErrors, raw: &[String]) -> Vec<Color> {
    if raw.len() > MAX_COLORS {
        problems.fail("colors", "Trop de couleurs");
    }
    let mut colors: Vec<Color> = Vec::new();
    for name in raw.iter().filter(|name| !name.trim().is_empty()) {
        match Color::parse(name) {
            Some(color) if !colors.contains(&color) => colors.push(color),
            Some(_) => {}
            None => {
                problems.fail("colors", format!("{} caractères au maximum par couleur", Color::MAX_CHARS));
            }
        }
    }
    if colors.is_empty() {
        problems.fail("colors", MSG_NO_COLOR);
    }
    colors
}

fn clothing_sizes(problems: &mut FieldErrors, raw: &[String]) -> Vec<Size> {
    if raw.len() > MAX_SIZES {
        problems.fail("sizes", "Trop de tailles");
    }
    let mut sizes = Vec::new();
    for name in raw.iter().map(|name| name.trim()).filter(|name| !name.is_empty()) {
        match Size::parse(name) {
            Some(Size::Unique) => {
                problems.fail("sizes", "La taille unique est réservée aux accessoires");
            }
            Some(size) => sizes.push(size),
            None => {
                problems.fail("sizes", format!("Taille inconnue : {name}"));
            }
        }
    }
    sizes.sort();
    sizes.dedup();
    if sizes.is_empty() {
        problems.fail("sizes", MSG_NO_SIZE);
    }
    sizes
}

fn stock_grid(
    problems: &mut FieldErrors,
    raw: &BTreeMap<String, BTreeMap<String, i64>>,
    colors: &[Color],
    sizes: &[Size],
) -> Stock {
    let mut stock = Stock::default();
    for color in colors {
        for &size in sizes {
            stock.set(color.clone(), size, 0);
        }
    }
    for (color_name, quantities) in raw {
        let color = Color::parse(color_name).filter(|color| colors.contains(color));
        for (size_name, &quantity) in quantities {
            let size = Size::parse(size_name).filter(|size| sizes.contains(size));
            let (Some(color), Some(size)) = (&color, size) else {
                problems.fail("stock", "Le stock ne peut porter que sur les couleurs et tailles du produit");
                continue;
            };
            match u32::try_from(quantity).ok().filter(|&q| i32::try_from(q).is_ok()) {
                Some(quantity) => stock.set(color.clone(), size, quantity),
                None => {
                    problems.fail("stock", "Le stock doit être un nombre entier positif ou nul");
                }
            }
        }
    }
    stock
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tee() -> ProductForm {
        ProductForm {
            name: Some("T-shirt Teranga".into()),
            description: Some("Coton bio épais.".into()),
            price: Some(9_500),
            category: Some("vetement".into()),
            subcategory: Some("t-shirt".into()),
            colors: vec!["Noir".into(), " blanc ".into()],
            sizes: vec!["M".into(), "S".into(), "2XL".into()],
            stock: BTreeMap::from([("noir".into(), BTreeMap::from([("M".into(), 4), ("XXL".into(), 1)]))]),
            ..ProductForm::default()
        }
    }

    fn validation_error(form: ProductForm) -> (String, BTreeMap<&'static str, String>) {
        match form.validate(None) {
            Err(CatalogError::Validation { message, fields }) => (message, fields),
            other => panic!("expected a validation error, got {other:?}"),
        }
    }

    fn color(name: &str) -> Color {
        Color::parse(name).unwrap()
    }

    #[test]
    fn a_valid_form_becomes_a_product_with_a_full_stock_grid() {
        let product = tee().validate(None).unwrap();
        assert_eq!(product.slug().as_str(), "t-shirt-teranga");
        assert_eq!(product.colors, [color("noir"), color("blanc")]);
        assert_eq!(product.sizes, [Size::S, Size::M, Size::Xxl]);
        assert_eq!(product.stock.quantity(&color("noir"), Size::M), 4);
        assert_eq!(product.stock.quantity(&color("noir"), Size::Xxl), 1);
        assert_eq!(product.stock.variants().count(), 6, "every colour × size is a variant");
        assert_eq!(product.stock.total(), 5);
        assert!(product.active);
    }

    #[test]
    fn pictures_are_the_shops_own_or_https() {
        let with = |urls: &[&str]| ProductForm { images: urls.iter().map(|u| (*u).to_owned()).collect(), ..tee() };
        let product = with(&[" /uploads/products/abc/800.jpg ", "", "https://cdn.example.sn/a.jpg"]).validate(None);
        let urls: Vec<String> = product.unwrap().pictures.into_iter().map(|picture| picture.url).collect();
        assert_eq!(urls, ["/uploads/products/abc/800.jpg", "https://cdn.example.sn/a.jpg"]);
        for bad in
            ["javascript:alert(1)", "data:image/png;base64,AAAA", "//evil.example/x.jpg", "http://x.sn/a.jpg", "/a\"<b"]
        {
            let (_, fields) = validation_error(with(&[bad]));
            assert_eq!(fields["images"], "Adresse d'image invalide : envoyez les images par le formulaire.", "{bad}");
        }
    }

    #[test]
    fn each_picture_may_name_one_of_the_products_colours() {
        let form = ProductForm {
            images: vec!["/a.jpg".into(), " ".into(), "/b.jpg".into(), "/c.jpg".into()],
            image_colors: vec![Some(" Blanc ".into()), Some("noir".into()), Some("".into())],
            ..tee()
        };
        let pictures = form.validate(None).unwrap().pictures;
        assert_eq!(
            pictures,
            [Picture::of("/a.jpg", &color("blanc")), Picture::any_color("/b.jpg"), Picture::any_color("/c.jpg")],
            "a blank address takes its colour away with it; blank and missing colours are every colour"
        );

        let foreign = ProductForm { images: vec!["/a.jpg".into()], image_colors: vec![Some("rouge".into())], ..tee() };
        assert_eq!(
            validation_error(foreign).1["imageColors"],
            "La couleur d'une image doit être l'une des couleurs du produit"
        );
        let too_many = ProductForm { images: vec!["/a.jpg".into()], image_colors: vec![None, None], ..tee() };
        assert_eq!(validation_error(too_many).1["imageColors"], "Chaque couleur d'image doit correspondre à une image");
    }

    #[test]
    fn missing_fields_are_listed_in_one_sentence() {
        let form = ProductForm { colors: vec!["noir".into()], ..ProductForm::default() };
        let (message, fields) = validation_error(form);
        assert_eq!(message, "Champs requis manquants: nom, description, prix, catégorie, sous-catégorie");
        for field in ["name", "description", "price", "category", "subcategory"] {
            assert_eq!(fields[field], "Ce champ est requis", "{field}");
        }
    }

    #[test]
    fn blank_text_counts_as_missing() {
        let (message, _) = validation_error(ProductForm { name: Some("   ".into()), ..tee() });
        assert_eq!(message, "Champs requis manquants: nom");
    }

    #[test]
    fn prices_stop_at_a_hundred_million_francs() {
        let at_most = ProductForm { price: Some(100_000_000), promo_price: Some(100_000_000), ..tee() };
        assert_eq!(at_most.validate(None).unwrap().price, Money::francs(100_000_000));
        let above = ProductForm { price: Some(100_000_001), promo_price: Some(i64::MAX), ..tee() };
        let (message, fields) = validation_error(above);
        assert_eq!(message, "Le prix ne peut pas dépasser 100 000 000 FCFA");
        assert_eq!(fields["price"], message);
        assert_eq!(fields["promoPrice"], "Le prix promotionnel ne peut pas dépasser 100 000 000 FCFA");
    }

    #[test]
    fn a_promotion_needs_a_lower_promotional_price() {
        for promo in [None, Some(9_500), Some(12_000)] {
            let form = ProductForm { on_promotion: true, promo_price: promo, ..tee() };
            let (message, fields) = validation_error(form);
            assert_eq!(message, "Le prix promotionnel doit être inférieur au prix normal");
            assert_eq!(fields["promoPrice"], "Le prix promotionnel doit être inférieur au prix normal");
        }
        let product = ProductForm { on_promotion: true, promo_price: Some(7_000), ..tee() }.validate(None).unwrap();
        assert_eq!(product.promo_price, Some(Money::francs(7_000)));
    }

    #[test]
    fn at_least_one_color_is_required() {
        let (message, fields) =
            validation_error(ProductForm { colors: vec![" ".into()], stock: BTreeMap::new(), ..tee() });
        assert_eq!(message, "Au moins une couleur est requise");
        assert_eq!(fields["colors"], "Au moins une couleur est requise");
    }

    #[test]
    fn clothing_needs_sizes_and_accessories_get_the_unique_size() {
        let (message, _) = validation_error(ProductForm { sizes: vec![], stock: BTreeMap::new(), ..tee() });
        assert_eq!(message, "Les tailles sont requises pour les vêtements");

        let chain = ProductForm {
            name: Some("Chaîne Cubaine".into()),
            category: Some("accessoire".into()),
            subcategory: Some("chaine".into()),
            colors: vec!["doré".into()],
            sizes: vec![],
            stock: BTreeMap::from([("doré".into(), BTreeMap::from([("unique".into(), 7)]))]),
            ..tee()
        };
        let product = chain.validate(None).unwrap();
        assert_eq!(product.sizes, [Size::Unique]);
        assert_eq!(product.stock.quantity(&color("doré"), Size::Unique), 7);
    }

    #[test]
    fn subcategory_must_belong_to_the_category() {
        let (_, fields) = validation_error(ProductForm { subcategory: Some("chaine".into()), ..tee() });
        assert_eq!(fields["subcategory"], "Sous-catégorie invalide pour cette catégorie");
    }

    #[test]
    fn stock_only_for_the_products_variants_and_never_negative() {
        let unknown_color =
            ProductForm { stock: BTreeMap::from([("rouge".into(), BTreeMap::from([("M".into(), 1)]))]), ..tee() };
        assert_eq!(
            validation_error(unknown_color).1["stock"],
            "Le stock ne peut porter que sur les couleurs et tailles du produit"
        );
        let negative =
            ProductForm { stock: BTreeMap::from([("noir".into(), BTreeMap::from([("M".into(), -1)]))]), ..tee() };
        assert_eq!(validation_error(negative).1["stock"], "Le stock doit être un nombre entier positif ou nul");
    }

    #[test]
    fn texts_are_bounded_once_trimmed_and_lists_by_their_length() {
        let form = ProductForm {
            name: Some(format!("  {}  ", "n".repeat(200))),
            care_instructions: Some("e".repeat(2_001)),
            colors: vec!["noir".into(); 31],
            sizes: vec!["M".into(); 13],
            images: vec!["/uploads/products/a/800.jpg".into(); 13],
            ..tee()
        };
        let (message, fields) = validation_error(form);
        assert_eq!(message, "L'entretien ne peut pas dépasser 2 000 caractères");
        assert!(!fields.contains_key("name"), "200 characters once trimmed");
        assert_eq!(fields["colors"], "Trop de couleurs");
        assert_eq!(fields["sizes"], "Trop de tailles");
        assert_eq!(fields["images"], "Trop d'images");
        let (_, fields) = validation_error(ProductForm { description: Some("d".repeat(10_001)), ..tee() });
        assert_eq!(fields["description"], "La description ne peut pas dépasser 10 000 caractères");
    }

    #[test]
    fn several_broken_rules_are_all_reported() {
        let form = ProductForm { name: None, colors: vec![], stock: BTreeMap::new(), on_promotion: true, ..tee() };
        let (message, fields) = validation_error(form);
        assert_eq!(message, "Champs requis manquants: nom");
        assert_eq!(fields.len(), 3);
        assert!(fields.contains_key("promoPrice") && fields.contains_key("colors"));
    }
}
