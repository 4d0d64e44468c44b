//! The catalogue's vocabulary: products, their categories, colours, sizes and stock.

use std::collections::BTreeMap;
use std::fmt;

use bitik_common::Money;
use chrono::{DateTime, Utc};
use uuid::Uuid;

/// Shown when a product has no image of its own.
pub const PLACEHOLDER_IMAGE: &str = "/images/placeholder.jpg";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    Vetement,
    Accessoire,
}

impl Category {
    pub const ALL: [Category; 2] = [Category::Vetement, Category::Accessoire];

    /// The code used in addresses, queries and the database.
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Vetement => "vetement",
            Category::Accessoire => "accessoire",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Category::Vetement => "Vêtements",
            Category::Accessoire => "Accessoires",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|category| category.as_str() == code)
    }

    pub fn subcategories(self) -> [Subcategory; 2] {
        match self {
            Category::Vetement => [Subcategory::TShirt, Subcategory::Pull],
            Category::Accessoire => [Subcategory::Lunette, Subcategory::Chaine],
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Subcategory {
    TShirt,
    Pull,
    Lunette,
    Chaine,
}

impl Subcategory {
    pub const ALL: [Subcategory; 4] =
        [Subcategory::TShirt, Subcategory::Pull, Subcategory::Lunette, Subcategory::Chaine];

    pub fn as_str(self) -> &'static str {
        match self {
            Subcategory::TShirt => "t-shirt",
            Subcategory::Pull => "pull",
            Subcategory::Lunette => "lunette",
            Subcategory::Chaine => "chaine",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Subcategory::TShirt => "T-shirts",
            Subcategory::Pull => "Pulls",
            Subcategory::Lunette => "Lunettes",
            Subcategory::Chaine => "Chaînes",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|subcategory| subcategory.as_str() == code)
    }

    pub fn category(self) -> Category {
        match self {
            Subcategory::TShirt | Subcategory::Pull => Category::Vetement,
            Subcategory::Lunette | Subcategory::Chaine => Category::Accessoire,
        }
    }
}

/// A size, in the order shoppers expect them listed: XS to XXXL, then `unique` (accessories).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Size {
    Xs,
    S,
    M,
    L,
    Xl,
    Xxl,
    Xxxl,
    Unique,
}

impl Size {
    pub const CLOTHING: [Size; 7] = [Size::Xs, Size::S, Size::M, Size::L, Size::Xl, Size::Xxl, Size::Xxxl];

    pub fn as_str(self) -> &'static str {
        match self {
            Size::Xs => "XS",
            Size::S => "S",
            Size::M => "M",
            Size::L => "L",
            Size::Xl => "XL",
            Size::Xxl => "XXL",
            Size::Xxxl => "XXXL",
            Size::Unique => "unique",
        }
    }

    /// Reads a size as people write it: any case, and the `2XL`/`3XL` spellings of XXL/XXXL.
    pub fn parse(raw: &str) -> Option<Self> {
        // ASCII only: `xſ` is not XS, whatever Unicode's upper case says (the API documents the
        // sizes with a pattern).
        const SPELLINGS: [(&str, Size); 10] = [
            ("XS", Size::Xs),
            ("S", Size::S),
            ("M", Size::M),
            ("L", Size::L),
            ("XL", Size::Xl),
            ("XXL", Size::Xxl),
            ("2XL", Size::Xxl),
            ("XXXL", Size::Xxxl),
            ("3XL", Size::Xxxl),
            ("UNIQUE", Size::Unique),
        ];
        let raw = raw.trim();
        SPELLINGS.iter().find(|(spelling, _)| spelling.eq_ignore_ascii_case(raw)).map(|(_, size)| *size)
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A colour name as shown to shoppers: lowercase French (`noir`, `bleu marine`), spaces collapsed.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Color(String);

impl Color {
    /// The database refuses longer names.
    pub const MAX_CHARS: usize = 50;

    pub fn parse(raw: &str) -> Option<Self> {
        // Every colour the database holds was written in this form: each variant of each product
        // read is taken as it is, without the three copies of the general case.
        let name = if Self::is_written_as_stored(raw) {
            raw.to_owned()
        } else {
            raw.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
        };
        (!name.is_empty() && name.chars().count() <= Self::MAX_CHARS).then_some(Color(name))
    }

    /// Lowercase, words apart by one space, no space around: what `parse` would make of it.
    fn is_written_as_stored(raw: &str) -> bool {
        !raw.starts_with(' ')
            && !raw.ends_with(' ')
            && !raw.contains("  ")
            && raw.chars().all(|c| c == ' ' || (!c.is_whitespace() && c.to_lowercase().eq([c])))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Units on hand per (colour, size): the variants of a product.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stock(BTreeMap<Color, BTreeMap<Size, u32>>);

impl Stock {
    pub fn set(&mut self, color: Color, size: Size, quantity: u32) {
        self.0.entry(color).or_default().insert(size, quantity);
    }

    pub fn quantity(&self, color: &Color, size: Size) -> u32 {
        self.0.get(color).and_then(|sizes| sizes.get(&size)).copied().unwrap_or(0)
    }

    pub fn total(&self) -> u64 {
        self.variants().map(|(_, _, quantity)| u64::from(quantity)).sum()
    }

    /// Sizes of `color` that can be bought now, in standard order.
    pub fn sizes_in_stock(&self, color: &Color) -> Vec<Size> {
        self.0
            .get(color)
            .map(|sizes| sizes.iter().filter(|&(_, &quantity)| quantity > 0).map(|(&size, _)| size).collect())
            .unwrap_or_default()
    }

    /// Every (colour, size, quantity), sizes in standard order within a colour.
    pub fn variants(&self) -> impl Iterator<Item = (&Color, Size, u32)> {
        self.0.iter().flat_map(|(color, sizes)| sizes.iter().map(move |(&size, &quantity)| (color, size, quantity)))
    }
}

/// The part of a product's address made from its name: `t-shirt-teranga-oversize`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Slug(String);

impl Slug {
    /// Long enough to stay readable, short enough that the `-2` suffix of a collision always fits.
    const MAX_CHARS: usize = 80;

    /// Lowercase ASCII, accents folded, every run of other characters turned into one `-`.
    pub fn from_name(name: &str) -> Slug {
        let mut slug = String::with_capacity(name.len());
        for c in name.chars().flat_map(fold_accent) {
            if c.is_ascii_alphanumeric() {
                slug.push(c.to_ascii_lowercase());
            } else if !slug.is_empty() && !slug.ends_with('-') {
                slug.push('-');
            }
        }
        slug.truncate(Self::MAX_CHARS);
        let slug = slug.trim_end_matches('-');
        // A name of symbols only still needs an address; the repository makes it unique.
        Slug(if slug.is_empty() { "produit".to_owned() } else { slug.to_owned() })
    }

    /// Accepts only what `from_name` could have made (plus suffixes), so anything else is no slug:
    /// words of lowercase letters and digits joined by single hyphens. Read in one pass, as every
    /// product read parses its key and its row's slug.
    pub fn parse(raw: &str) -> Option<Slug> {
        if raw.len() > Self::MAX_CHARS + 12 {
            return None;
        }
        // As if a hyphen came before: a slug starts with a letter or a digit.
        let mut previous = b'-';
        for &b in raw.as_bytes() {
            match b {
                b'a'..=b'z' | b'0'..=b'9' => {}
                b'-' if previous != b'-' => {}
                _ => return None,
            }
            previous = b;
        }
        // Not empty, and not ending with a hyphen.
        (previous != b'-').then(|| Slug(raw.to_owned()))
    }

    /// The `n`th candidate when the slug is taken: `nom`, `nom-2`, `nom-3`…
    pub fn numbered(&self, n: u32) -> Slug {
        if n <= 1 { self.clone() } else { Slug(format!("{}-{n}", self.0)) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Slug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The letters of French (and a few neighbours) without their accents; other characters unchanged.
fn fold_accent(c: char) -> impl Iterator<Item = char> {
    let folded: &str = match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' => "a",
        'ç' | 'Ç' => "c",
        'è' | 'é' | 'ê' | 'ë' | 'È' | 'É' | 'Ê' | 'Ë' => "e",
        'ì' | 'í' | 'î' | 'ï' | 'Ì' | 'Í' | 'Î' | 'Ï' => "i",
        'ñ' | 'Ñ' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' => "o",
        'ù' | 'ú' | 'û' | 'ü' | 'Ù' | 'Ú' | 'Û' | 'Ü' => "u",
        'ý' | 'ÿ' | 'Ý' | 'Ÿ' => "y",
        'œ' | 'Œ' => "oe",
        'æ' | 'Æ' => "ae",
        'ß' => "ss",
        _ => "",
    };
    let single = folded.is_empty().then_some(c);
    folded.chars().chain(single)
}

/// How a shopper names a product in an address: its id or its slug.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ProductKey {
    Id(Uuid),
    Slug(Slug),
}

impl ProductKey {
    /// `None` when the text can be neither, so nothing needs to be looked up.
    pub fn parse(raw: &str) -> Option<ProductKey> {
        let raw = raw.trim();
        match Uuid::parse_str(raw) {
            Ok(id) => Some(ProductKey::Id(id)),
            Err(_) => Slug::parse(raw).map(ProductKey::Slug),
        }
    }
}

/// A picture of a product, and the one of its colours it shows (docs/rules.md#catalogue): a
/// picture naming no colour shows whatever colour is chosen (a detail, a label, a worn look).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    pub url: String,
    pub color: Option<Color>,
}

impl Picture {
    /// A picture shown with every colour.
    pub fn any_color(url: impl Into<String>) -> Self {
        Picture { url: url.into(), color: None }
    }

    pub fn of(url: impl Into<String>, color: &Color) -> Self {
        Picture { url: url.into(), color: Some(color.clone()) }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Product {
    pub id: Uuid,
    pub slug: Slug,
    pub name: String,
    pub short_description: String,
    pub description: String,
    pub price: Money,
    pub promo_price: Option<Money>,
    pub on_promotion: bool,
    pub subcategory: Subcategory,
    /// Display order chosen by the shop.
    pub colors: Vec<Color>,
    /// Standard size order.
    pub sizes: Vec<Size>,
    /// In the shop's order; each names one of `colors`, or none.
    pub pictures: Vec<Picture>,
    pub stock: Stock,
    pub material: String,
    pub care_instructions: String,
    pub featured: bool,
    pub active: bool,
    pub created_at: DateTime<Utc>,
}

impl Product {
    pub fn category(&self) -> Category {
        self.subcategory.category()
    }

    /// What the shopper pays: the promotional price while the promotion runs, else the price.
    pub fn price_paid(&self) -> Money {
        match self.promo_price {
            Some(promo) if self.on_promotion => promo,
            _ => self.price,
        }
    }

    /// The colour the product page opens on: the first one that can be bought, else the first
    /// (the storefront's `initialSelection`, whose first picture the server paints).
    pub fn opening_color(&self) -> Option<&Color> {
        let in_stock = |color: &&Color| !self.stock.sizes_in_stock(color).is_empty();
        self.colors.iter().find(in_stock).or_else(|| self.colors.first())
    }

    /// The pictures as a shopper who chose `color` sees them: that colour's own first, then
    /// those shown with every colour, then the other colours', each group in the shop's order.
    pub fn pictures_for(&self, color: Option<&Color>) -> Vec<&Picture> {
        let rank = |picture: &Picture| match &picture.color {
            Some(own) if Some(own) == color => 0,
            None => 1,
            Some(_) => 2,
        };
        let mut ordered: Vec<&Picture> = self.pictures.iter().collect();
        ordered.sort_by_key(|picture| rank(picture));
        ordered
    }

    /// The picture of a line of this colour (cart, order): the colour's first picture, else
    /// the first shown with every colour, else the first; the placeholder when there is none.
    pub fn image_for(&self, color: &Color) -> String {
        self.first_of(Some(color))
    }

    /// The main picture of the product page as it opens: its opening colour's.
    pub fn opening_image(&self) -> String {
        self.first_of(self.opening_color())
    }

    fn first_of(&self, color: Option<&Color>) -> String {
        let first = self.pictures_for(color).first().map(|picture| picture.url.clone());
        first.unwrap_or_else(|| PLACEHOLDER_IMAGE.to_owned())
    }

    /// The pictures' addresses in the shop's order.
    pub fn images(&self) -> Vec<String> {
        self.pictures.iter().map(|picture| picture.url.clone()).collect()
    }

    /// The images to show, or the placeholder when the product has none.
    pub fn images_or_placeholder(&self) -> Vec<String> {
        if self.pictures.is_empty() { vec![PLACEHOLDER_IMAGE.to_owned()] } else { self.images() }
    }
}

/// A total stock below this (but not zero) is low (docs/rules.md#stock).
pub const LOW_STOCK_THRESHOLD: u32 = 5;

/// How much of a product is left, over all its variants: `Épuisé`, `Stock bas` or in stock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StockLevel {
    /// Nothing left: the product cannot be bought.
    Out,
    /// 1 to 4 units.
    Low,
    /// 5 units or more.
    In,
}

impl StockLevel {
    pub fn of(total: u64) -> Self {
        match total {
            0 => StockLevel::Out,
            n if n < u64::from(LOW_STOCK_THRESHOLD) => StockLevel::Low,
            _ => StockLevel::In,
        }
    }

    /// The admin listing's `stock` values: `0`, `low`, `in`.
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "0" => Some(StockLevel::Out),
            "low" => Some(StockLevel::Low),
            "in" => Some(StockLevel::In),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            StockLevel::Out => "out",
            StockLevel::Low => "low",
            StockLevel::In => "in",
        }
    }

    /// The inclusive range of total stock of this level: `(lowest, highest or unbounded)`.
    pub fn bounds(self) -> (u32, Option<u32>) {
        match self {
            StockLevel::Out => (0, Some(0)),
            StockLevel::Low => (1, Some(LOW_STOCK_THRESHOLD - 1)),
            StockLevel::In => (LOW_STOCK_THRESHOLD, None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_fold_accents_and_join_words_with_single_hyphens() {
        assert_eq!(Slug::from_name("Chaîne Cubaine Dorée").as_str(), "chaine-cubaine-doree");
        assert_eq!(Slug::from_name("  T-shirt « Teranga » — Oversize!  ").as_str(), "t-shirt-teranga-oversize");
        assert_eq!(Slug::from_name("Cœur d'Ébène 2XL").as_str(), "coeur-d-ebene-2xl");
        assert_eq!(Slug::from_name("!!!").as_str(), "produit");
    }

    #[test]
    fn long_names_make_bounded_slugs_without_a_trailing_hyphen() {
        let slug = Slug::from_name(&"abcdefghi ".repeat(20));
        assert!(slug.as_str().len() <= 80);
        assert!(!slug.as_str().ends_with('-'));
        assert_eq!(Slug::parse(slug.as_str()), Some(slug));
    }

    #[test]
    fn numbered_slugs_resolve_collisions() {
        let slug = Slug::from_name("Pull Harmattan");
        assert_eq!(slug.numbered(1).as_str(), "pull-harmattan");
        assert_eq!(slug.numbered(3).as_str(), "pull-harmattan-3");
    }

    #[test]
    fn only_well_formed_slugs_parse() {
        assert!(Slug::parse("pull-harmattan-2").is_some());
        assert!(Slug::parse("x").is_some());
        assert!(Slug::parse(&"a".repeat(92)).is_some());
        for bad in ["", "-", "Pull", "pull--x", "-pull", "pull-", "pull harmattan", "chaîne", &"a".repeat(93)] {
            assert_eq!(Slug::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_product_key_is_an_id_or_a_slug() {
        let id = Uuid::new_v4();
        assert_eq!(ProductKey::parse(&id.to_string()), Some(ProductKey::Id(id)));
        assert_eq!(ProductKey::parse("pull-harmattan"), Some(ProductKey::Slug(Slug::parse("pull-harmattan").unwrap())));
        assert_eq!(ProductKey::parse("../etc/passwd"), None);
    }

    #[test]
    fn sizes_sort_in_shop_order_and_read_alternative_spellings() {
        let mut sizes: Vec<Size> =
            ["unique", "3XL", "m", "XS", "2xl", "L", "S", "XL"].iter().map(|s| Size::parse(s).unwrap()).collect();
        sizes.sort();
        let names: Vec<&str> = sizes.iter().map(|s| s.as_str()).collect();
        assert_eq!(names, ["XS", "S", "M", "L", "XL", "XXL", "XXXL", "unique"]);
        assert_eq!(Size::parse("XXXXL"), None);
    }

    #[test]
    fn colors_are_lowercase_with_single_spaces() {
        assert_eq!(Color::parse("  Bleu   Marine ").unwrap().as_str(), "bleu marine");
        assert_eq!(Color::parse("   "), None);
        assert_eq!(Color::parse(&"x".repeat(51)), None);
    }

    #[test]
    fn a_colour_read_as_stored_is_the_one_the_general_case_makes() {
        let general = |raw: &str| raw.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
        for raw in [
            "noir",
            "bleu marine",
            "doré",
            "Doré",
            "bleu  marine",
            " noir",
            "noir ",
            "vert\tolive",
            "ǅ",
            "ΣΑΣ",
            "\u{a0}x",
        ] {
            assert_eq!(Color::parse(raw).map(|c| c.0), Some(general(raw)).filter(|name| !name.is_empty()), "{raw:?}");
        }
        assert!(Color::is_written_as_stored("bleu marine") && !Color::is_written_as_stored("Bleu marine"));
        assert!(!Color::is_written_as_stored("ǅ") && !Color::is_written_as_stored("a\u{a0}b"));
    }

    #[test]
    fn sizes_are_read_in_ascii_only() {
        assert_eq!(Size::parse(" xxl "), Some(Size::Xxl));
        assert_eq!(Size::parse("xſ"), None);
        assert_eq!(Size::parse(""), None);
    }

    #[test]
    fn categories_and_subcategories_have_their_labels() {
        assert_eq!(Subcategory::Chaine.label(), "Chaînes");
        assert_eq!(Subcategory::TShirt.label(), "T-shirts");
        assert_eq!(Category::Vetement.label(), "Vêtements");
        assert_eq!(Subcategory::parse("lunette").unwrap().category(), Category::Accessoire);
        assert_eq!(Category::parse("vetement").unwrap().subcategories(), [Subcategory::TShirt, Subcategory::Pull]);
        assert_eq!(Category::parse("Vêtements"), None);
    }

    fn striped_shirt() -> Product {
        let [rouge, blanc] = [color("rouge"), color("blanc")];
        let mut shirt = crate::fixtures::product("Chemise Rayée", Subcategory::TShirt, chrono::Utc::now());
        shirt.colors = vec![rouge.clone(), blanc.clone()];
        shirt.pictures = vec![
            Picture::of("/r1.jpg", &rouge),
            Picture::any_color("/detail.jpg"),
            Picture::of("/b1.jpg", &blanc),
            Picture::of("/r2.jpg", &rouge),
            Picture::of("/b2.jpg", &blanc),
        ];
        shirt.stock.set(rouge, Size::M, 2);
        shirt.stock.set(blanc, Size::M, 1);
        shirt
    }

    fn color(name: &str) -> Color {
        Color::parse(name).unwrap()
    }

    fn urls(pictures: Vec<&Picture>) -> Vec<&str> {
        pictures.into_iter().map(|picture| picture.url.as_str()).collect()
    }

    #[test]
    fn a_chosen_colour_shows_its_pictures_first_then_those_of_every_colour_then_the_others() {
        let shirt = striped_shirt();
        assert_eq!(
            urls(shirt.pictures_for(Some(&color("blanc")))),
            ["/b1.jpg", "/b2.jpg", "/detail.jpg", "/r1.jpg", "/r2.jpg"]
        );
        assert_eq!(
            urls(shirt.pictures_for(Some(&color("rouge")))),
            ["/r1.jpg", "/r2.jpg", "/detail.jpg", "/b1.jpg", "/b2.jpg"]
        );
        assert_eq!(urls(shirt.pictures_for(None)), ["/detail.jpg", "/r1.jpg", "/b1.jpg", "/r2.jpg", "/b2.jpg"]);
    }

    #[test]
    fn a_line_shows_its_colours_first_picture_never_the_nth_picture() {
        let shirt = striped_shirt();
        assert_eq!(shirt.image_for(&color("blanc")), "/b1.jpg", "white is not the second picture (a shared detail)");
        assert_eq!(shirt.image_for(&color("rouge")), "/r1.jpg");
        assert_eq!(shirt.image_for(&color("vert")), "/detail.jpg", "a colour without pictures: one for every colour");
        let mut bare = shirt.clone();
        bare.pictures.retain(|picture| picture.color.is_some());
        assert_eq!(bare.image_for(&color("vert")), "/r1.jpg", "else the first picture");
        bare.pictures.clear();
        assert_eq!(bare.image_for(&color("blanc")), PLACEHOLDER_IMAGE);
        assert_eq!(shirt.images_or_placeholder()[1], "/detail.jpg", "the stored order stays the product's");
    }

    #[test]
    fn the_page_opens_on_the_first_colour_in_stock_and_its_first_picture() {
        let mut shirt = striped_shirt();
        assert_eq!((shirt.opening_color(), shirt.opening_image().as_str()), (Some(&color("rouge")), "/r1.jpg"));
        shirt.stock.set(color("rouge"), Size::M, 0);
        assert_eq!((shirt.opening_color(), shirt.opening_image().as_str()), (Some(&color("blanc")), "/b1.jpg"));
        shirt.stock.set(color("blanc"), Size::M, 0);
        assert_eq!(shirt.opening_color(), Some(&color("rouge")), "nothing in stock: the first colour");
    }

    #[test]
    fn stock_lists_sizes_on_hand_in_order() {
        let noir = Color::parse("noir").unwrap();
        let mut stock = Stock::default();
        stock.set(noir.clone(), Size::Xl, 2);
        stock.set(noir.clone(), Size::S, 0);
        stock.set(noir.clone(), Size::M, 5);
        assert_eq!(stock.sizes_in_stock(&noir), [Size::M, Size::Xl]);
        assert_eq!(stock.total(), 7);
        assert_eq!(stock.quantity(&Color::parse("rouge").unwrap(), Size::M), 0);
    }
}
