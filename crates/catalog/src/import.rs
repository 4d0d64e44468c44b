//! The catalogue as a table (docs/rules.md#catalogue-in-csv): one row per variant, the product's
//! own fields repeated on each of its rows. The export writes it; the import reads it back,
//! checks every row with the product form's rules and says, row by row, what is wrong, or what
//! it would change: products are matched by slug, created when no product has it.

use std::collections::BTreeMap;

use crate::error::{CatalogError, RowError};
use crate::form::{NewProduct, ProductForm};
use crate::model::{Color, Product, Size, Slug};

/// The columns, in the order the export writes them. The import finds them by name.
pub const COLUMNS: [&str; 18] = [
    "slug",
    "name",
    "shortDescription",
    "description",
    "price",
    "promoPrice",
    "onPromotion",
    "category",
    "subcategory",
    "color",
    "size",
    "stock",
    "images",
    "imageColors",
    "material",
    "careInstructions",
    "featured",
    "active",
];

/// Columns a file may leave out: those added after files were exported without them. A
/// missing one reads as blank cells.
const OPTIONAL_COLUMNS: [&str; 1] = ["imageColors"];

/// What separates the colours of a product's pictures in `imageColors` (a colour may hold spaces).
const PICTURE_COLOR_SEPARATOR: char = '|';

/// The columns that belong to the variant; every other is the product's.
const VARIANT_COLUMNS: [&str; 3] = ["color", "size", "stock"];

/// Most rows a file may hold: several times the shop's catalogue.
pub const MAX_ROWS: usize = 20_000;

/// One row of the file: its line number (the header is line 1) and its cells in the header's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportRow {
    pub line: u64,
    pub cells: Vec<String>,
}

impl RowError {
    fn new(row: u64, column: &str, message: impl Into<String>) -> Self {
        Self { row, column: column.to_owned(), message: message.into() }
    }
}

/// What the import does to one product.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImportChange {
    Created,
    Updated,
    Unchanged,
}

impl ImportChange {
    pub fn as_str(self) -> &'static str {
        match self {
            ImportChange::Created => "created",
            ImportChange::Updated => "updated",
            ImportChange::Unchanged => "unchanged",
        }
    }
}

/// One product of the file, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedProduct {
    pub slug: Slug,
    pub product: NewProduct,
    pub change: ImportChange,
}

/// Every product of a valid file, in the order of their first rows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ImportPlan {
    pub products: Vec<ImportedProduct>,
}

impl ImportPlan {
    /// Reads `rows` under `header` against the catalogue as it is (`existing`): every problem of
    /// every row, or the plan.
    pub fn read(header: &[String], rows: &[ImportRow], existing: &[Product]) -> Result<Self, CatalogError> {
        let columns = Columns::find(header).map_err(|rows| CatalogError::InvalidImport { rows })?;
        if rows.len() > MAX_ROWS {
            let row = RowError::new(MAX_ROWS as u64 + 2, "slug", format!("{MAX_ROWS} lignes au plus par fichier"));
            return Err(CatalogError::InvalidImport { rows: vec![row] });
        }
        let mut problems = Vec::new();
        let mut products = Vec::new();
        for group in group_by_slug(&columns, rows, &mut problems) {
            if let Some(product) = group.check(&columns, existing, &mut problems) {
                products.push(product);
            }
        }
        if rows.is_empty() {
            problems.push(RowError::new(2, "slug", "Le fichier ne contient aucun produit"));
        }
        if problems.is_empty() {
            Ok(Self { products })
        } else {
            problems.sort_by(|a, b| (a.row, &a.column).cmp(&(b.row, &b.column)));
            Err(CatalogError::InvalidImport { rows: problems })
        }
    }

    /// The products that would change, with their slugs: what the repository writes.
    pub fn writes(&self) -> Vec<(Slug, NewProduct)> {
        self.products
            .iter()
            .filter(|p| p.change != ImportChange::Unchanged)
            .map(|p| (p.slug.clone(), p.product.clone()))
            .collect()
    }
}

/// Where each column is in the file's header.
struct Columns(BTreeMap<&'static str, usize>);

impl Columns {
    fn find(header: &[String]) -> Result<Self, Vec<RowError>> {
        let mut found = BTreeMap::new();
        let mut missing = Vec::new();
        for column in COLUMNS {
            match header.iter().position(|name| name.trim() == column) {
                Some(index) => {
                    found.insert(column, index);
                }
                None if OPTIONAL_COLUMNS.contains(&column) => {}
                None => missing.push(RowError::new(1, column, "Colonne manquante")),
            }
        }
        if missing.is_empty() { Ok(Self(found)) } else { Err(missing) }
    }

    fn cell<'a>(&self, row: &'a ImportRow, column: &str) -> &'a str {
        self.0.get(column).and_then(|&i| row.cells.get(i)).map_or("", |cell| cell.trim())
    }
}

/// The rows of one product.
struct Group<'a> {
    slug: Option<Slug>,
    rows: Vec<&'a ImportRow>,
}

/// Rows gathered by slug (or, where the slug is blank, by the slug the name makes), in the order
/// their products first appear.
fn group_by_slug<'a>(columns: &Columns, rows: &'a [ImportRow], problems: &mut Vec<RowError>) -> Vec<Group<'a>> {
    let mut groups: Vec<Group<'a>> = Vec::new();
    let mut by_key: BTreeMap<String, usize> = BTreeMap::new();
    for row in rows {
        let typed = columns.cell(row, "slug");
        let slug = if typed.is_empty() {
            let name = columns.cell(row, "name");
            (!name.is_empty()).then(|| Slug::from_name(name))
        } else {
            let parsed = Slug::parse(typed);
            if parsed.is_none() {
                problems.push(RowError::new(
                    row.line,
                    "slug",
                    "Slug invalide : lettres minuscules sans accents, chiffres et tirets",
                ));
            }
            parsed
        };
        // Rows without a usable slug each stand alone: their other problems are still reported.
        let key = slug.as_ref().map_or_else(|| format!("\0{}", row.line), |s| s.as_str().to_owned());
        match by_key.get(&key) {
            Some(&index) => groups[index].rows.push(row),
            None => {
                by_key.insert(key, groups.len());
                groups.push(Group { slug, rows: vec![row] });
            }
        }
    }
    groups
}

/// `oui`/`non` as the export writes them; `true`/`false` and `1`/`0` too. Blank is `None`.
fn yes_no(cell: &str) -> Result<Option<bool>, ()> {
    match cell.to_lowercase().as_str() {
        "" => Ok(None),
        "oui" | "true" | "1" | "vrai" => Ok(Some(true)),
        "non" | "false" | "0" | "faux" => Ok(Some(false)),
        _ => Err(()),
    }
}

fn whole(cell: &str) -> Result<Option<i64>, ()> {
    if cell.is_empty() {
        return Ok(None);
    }
    cell.replace([' ', '\u{a0}', '\u{202f}'], "").parse::<i64>().map(Some).map_err(|_| ())
}

/// `noir|blanc|` as the form's colours of pictures: one per picture, blank for every colour.
fn picture_colors(cell: &str) -> Vec<Option<String>> {
    if cell.is_empty() {
        return Vec::new();
    }
    cell.split(PICTURE_COLOR_SEPARATOR).map(|color| Some(color.trim().to_owned()).filter(|c| !c.is_empty())).collect()
}

/// The colours of a product's pictures as `imageColors` writes them; blank when none names one.
fn picture_colors_cell(product: &Product) -> String {
    if product.pictures.iter().all(|picture| picture.color.is_none()) {
        return String::new();
    }
    let colors: Vec<&str> =
        product.pictures.iter().map(|picture| picture.color.as_ref().map_or("", Color::as_str)).collect();
    colors.join(&PICTURE_COLOR_SEPARATOR.to_string())
}

/// The product form's field as a column of the file.
fn column_of(field: &str) -> &str {
    match field {
        "colors" => "color",
        "sizes" => "size",
        other => other,
    }
}

impl Group<'_> {
    /// The product's cells, taken from its first row; a later row may leave them blank, not
    /// say something else.
    fn product_cells(&self, columns: &Columns, problems: &mut Vec<RowError>) -> BTreeMap<&'static str, String> {
        let first = self.rows[0];
        let mut cells = BTreeMap::new();
        for column in COLUMNS.into_iter().filter(|c| !VARIANT_COLUMNS.contains(c)) {
            let value = columns.cell(first, column);
            for row in &self.rows[1..] {
                let other = columns.cell(row, column);
                if !other.is_empty() && other != value {
                    let message = format!("Diffère de la ligne {} pour le même produit", first.line);
                    problems.push(RowError::new(row.line, column, message));
                }
            }
            cells.insert(column, value.to_owned());
        }
        cells
    }

    fn check(self, columns: &Columns, existing: &[Product], problems: &mut Vec<RowError>) -> Option<ImportedProduct> {
        let before = problems.len();
        let first = self.rows[0].line;
        let cells = self.product_cells(columns, problems);
        let mut form = ProductForm {
            name: Some(cells["name"].clone()),
            short_description: Some(cells["shortDescription"].clone()),
            description: Some(cells["description"].clone()),
            category: Some(cells["category"].clone()),
            subcategory: Some(cells["subcategory"].clone()),
            images: cells["images"].split_whitespace().map(str::to_owned).collect(),
            image_colors: picture_colors(&cells["imageColors"]),
            material: Some(cells["material"].clone()),
            care_instructions: Some(cells["careInstructions"].clone()),
            ..ProductForm::default()
        };
        for (column, target) in [("price", &mut form.price), ("promoPrice", &mut form.promo_price)] {
            match whole(&cells[column]) {
                Ok(value) => *target = value,
                Err(()) => problems.push(RowError::new(first, column, "Un nombre entier de francs est attendu")),
            }
        }
        let mut flag = |column: &str| match yes_no(&cells[column]) {
            Ok(value) => value,
            Err(()) => {
                problems.push(RowError::new(first, column, "Écrivez « oui » ou « non »"));
                None
            }
        };
        form.on_promotion = flag("onPromotion").unwrap_or(false);
        form.featured = flag("featured").unwrap_or(false);
        form.active = flag("active");
        let before_variants = problems.len();
        self.variants(columns, &mut form, problems);
        // A variant row already refused leaves the grid incomplete: the form would only repeat it.
        let variants_refused = problems.len() > before_variants;
        let slug = self.slug?;
        let existing = existing.iter().find(|p| p.slug == slug);
        let product = match form.validate(existing.map(|p| p.created_at)) {
            Ok(product) => product,
            Err(CatalogError::Validation { fields, .. }) => {
                for (field, message) in fields {
                    // A cell already found unreadable is not reported a second time as missing.
                    let column = column_of(field);
                    let said = problems[before..].iter().any(|p| p.row == first && p.column == column);
                    if !said && (!variants_refused || !VARIANT_COLUMNS.contains(&column)) {
                        problems.push(RowError::new(first, column, message));
                    }
                }
                return None;
            }
            Err(_) => return None,
        };
        if problems.len() > before {
            return None;
        }
        let change = match existing {
            None => ImportChange::Created,
            Some(current) if same(current, &product) => ImportChange::Unchanged,
            Some(_) => ImportChange::Updated,
        };
        Some(ImportedProduct { slug, product, change })
    }

    /// The colours, sizes and stock of the product's rows, into the form.
    fn variants(&self, columns: &Columns, form: &mut ProductForm, problems: &mut Vec<RowError>) {
        let mut seen: BTreeMap<(String, String), u64> = BTreeMap::new();
        for row in &self.rows {
            let color = columns.cell(row, "color");
            let size = columns.cell(row, "size");
            if color.is_empty() {
                problems.push(RowError::new(row.line, "color", "Ce champ est requis"));
                continue;
            }
            // An accessory's one size may be left blank.
            let size = if size.is_empty() { "unique" } else { size };
            if Size::parse(size).is_none() {
                problems.push(RowError::new(row.line, "size", format!("Taille inconnue : {size}")));
                continue;
            }
            if Color::parse(color).is_none() {
                let message = format!("{} caractères au maximum par couleur", Color::MAX_CHARS);
                problems.push(RowError::new(row.line, "color", message));
                continue;
            }
            let key = (color.to_lowercase(), size.to_uppercase());
            if let Some(line) = seen.insert(key, row.line) {
                let message = format!("Cette couleur et cette taille figurent déjà à la ligne {line}");
                problems.push(RowError::new(row.line, "size", message));
                continue;
            }
            if !form.colors.iter().any(|c| c.to_lowercase() == color.to_lowercase()) {
                form.colors.push(color.to_owned());
            }
            if size != "unique" && !form.sizes.iter().any(|s| s.eq_ignore_ascii_case(size)) {
                form.sizes.push(size.to_owned());
            }
            let quantity = match whole(columns.cell(row, "stock")) {
                Ok(quantity) => quantity.unwrap_or(0),
                Err(()) => {
                    problems.push(RowError::new(
                        row.line,
                        "stock",
                        "Le stock doit être un nombre entier positif ou nul",
                    ));
                    continue;
                }
            };
            if quantity < 0 {
                problems.push(RowError::new(row.line, "stock", "Le stock doit être un nombre entier positif ou nul"));
                continue;
            }
            form.stock.entry(color.to_owned()).or_default().insert(size.to_owned(), quantity);
        }
    }
}

/// Whether storing `product` would leave `current` as it is.
fn same(current: &Product, product: &NewProduct) -> bool {
    current.name == product.name
        && current.short_description == product.short_description
        && current.description == product.description
        && current.price == product.price
        && current.promo_price == product.promo_price
        && current.on_promotion == product.on_promotion
        && current.subcategory == product.subcategory
        && current.colors == product.colors
        && current.sizes == product.sizes
        && current.pictures == product.pictures
        && current.stock == product.stock
        && current.material == product.material
        && current.care_instructions == product.care_instructions
        && current.featured == product.featured
        && current.active == product.active
}

fn yes(flag: bool) -> String {
    if flag { "oui" } else { "non" }.to_owned()
}

/// The catalogue as rows under [`COLUMNS`]: one per variant, colours in the shop's order and
/// sizes from small to large.
pub fn export_rows(products: &[Product]) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    for product in products {
        for color in &product.colors {
            for &size in &product.sizes {
                rows.push(vec![
                    product.slug.as_str().to_owned(),
                    product.name.clone(),
                    product.short_description.clone(),
                    product.description.clone(),
                    product.price.as_francs().to_string(),
                    product.promo_price.map(|p| p.as_francs().to_string()).unwrap_or_default(),
                    yes(product.on_promotion),
                    product.category().as_str().to_owned(),
                    product.subcategory.as_str().to_owned(),
                    color.as_str().to_owned(),
                    size.as_str().to_owned(),
                    product.stock.quantity(color, size).to_string(),
                    product.images().join(" "),
                    picture_colors_cell(product),
                    product.material.clone(),
                    product.care_instructions.clone(),
                    yes(product.featured),
                    yes(product.active),
                ]);
            }
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::model::{Picture, Subcategory};

    fn header() -> Vec<String> {
        COLUMNS.iter().map(|c| (*c).to_owned()).collect()
    }

    fn rows(lines: &[Vec<&str>]) -> Vec<ImportRow> {
        lines
            .iter()
            .enumerate()
            .map(|(i, cells)| ImportRow { line: i as u64 + 2, cells: cells.iter().map(|c| (*c).to_owned()).collect() })
            .collect()
    }

    const TEE_M: [&str; 18] = [
        "t-shirt-teranga",
        "T-shirt Teranga",
        "",
        "Coton bio.",
        "9500",
        "",
        "non",
        "vetement",
        "t-shirt",
        "noir",
        "M",
        "4",
        "",
        "",
        "Coton",
        "",
        "non",
        "oui",
    ];

    fn tee_row(size: &str, stock: &str) -> Vec<&'static str> {
        let mut row = TEE_M.to_vec();
        row[10] = Box::leak(size.to_owned().into_boxed_str());
        row[11] = Box::leak(stock.to_owned().into_boxed_str());
        row
    }

    fn problems(result: Result<ImportPlan, CatalogError>) -> Vec<(u64, String, String)> {
        match result {
            Err(CatalogError::InvalidImport { rows }) => {
                rows.into_iter().map(|e| (e.row, e.column, e.message)).collect()
            }
            other => panic!("expected row errors, got {other:?}"),
        }
    }

    #[test]
    fn rows_of_one_slug_make_one_product_with_its_stock_grid() {
        let file = rows(&[tee_row("M", "4"), tee_row("L", "0"), tee_row("S", "2")]);
        let plan = ImportPlan::read(&header(), &file, &[]).unwrap();
        assert_eq!(plan.products.len(), 1);
        let tee = &plan.products[0];
        assert_eq!((tee.slug.as_str(), tee.change), ("t-shirt-teranga", ImportChange::Created));
        assert_eq!(tee.product.sizes, [Size::S, Size::M, Size::L]);
        assert_eq!(tee.product.stock.quantity(&Color::parse("noir").unwrap(), Size::M), 4);
        assert_eq!(tee.product.stock.total(), 6);
        assert_eq!(plan.writes().len(), 1);
    }

    #[test]
    fn every_bad_row_is_reported_with_its_line_and_column_in_french() {
        let mut no_name = tee_row("M", "1");
        no_name[0] = "sans-nom";
        no_name[1] = "";
        let mut bad_price = tee_row("M", "1");
        bad_price[0] = "prix-faux";
        bad_price[4] = "beaucoup";
        let file = rows(&[tee_row("M", "-3"), tee_row("XXXXL", "1"), no_name, bad_price, tee_row("M", "2")]);
        let found = problems(ImportPlan::read(&header(), &file, &[]));
        let at = |row: u64, column: &str| {
            found.iter().find(|(r, c, _)| *r == row && c == column).map(|(_, _, m)| m.as_str()).unwrap_or("")
        };
        assert_eq!(at(2, "stock"), "Le stock doit être un nombre entier positif ou nul");
        assert_eq!(at(3, "size"), "Taille inconnue : XXXXL");
        assert_eq!(at(4, "name"), "Ce champ est requis");
        assert_eq!(at(5, "price"), "Un nombre entier de francs est attendu");
        assert_eq!(at(6, "size"), "Cette couleur et cette taille figurent déjà à la ligne 2");
    }

    #[test]
    fn a_product_field_that_differs_between_its_rows_is_an_error_and_a_blank_one_is_not() {
        let mut other_price = tee_row("L", "1");
        other_price[4] = "9000";
        let mut blank_price = tee_row("S", "1");
        blank_price[4] = "";
        let found = problems(ImportPlan::read(&header(), &rows(&[tee_row("M", "1"), other_price, blank_price]), &[]));
        assert_eq!(found, [(3, "price".to_owned(), "Diffère de la ligne 2 pour le même produit".to_owned())]);
    }

    #[test]
    fn a_missing_column_is_reported_on_the_header() {
        let mut header = header();
        header.retain(|c| c != "stock");
        let found = problems(ImportPlan::read(&header, &rows(&[tee_row("M", "1")]), &[]));
        assert_eq!(found, [(1, "stock".to_owned(), "Colonne manquante".to_owned())]);
    }

    #[test]
    fn an_export_read_back_changes_nothing_and_a_new_quantity_is_an_update() {
        let mut product = crate::fixtures::product(
            "T-shirt Teranga",
            Subcategory::TShirt,
            Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap(),
        );
        product.sizes = vec![Size::S, Size::M];
        product.stock.set(Color::parse("noir").unwrap(), Size::S, 0);
        product.stock.set(Color::parse("noir").unwrap(), Size::M, 3);
        product.colors.push(Color::parse("bleu marine").unwrap());
        let marine = Color::parse("bleu marine").unwrap();
        for size in [Size::S, Size::M] {
            product.stock.set(marine.clone(), size, 1);
        }
        product.pictures = vec![
            Picture::any_color("/uploads/products/a/800.jpg"),
            Picture::of("https://cdn.example.sn/b.jpg", &marine),
        ];
        let exported: Vec<ImportRow> = export_rows(std::slice::from_ref(&product))
            .into_iter()
            .enumerate()
            .map(|(i, cells)| ImportRow { line: i as u64 + 2, cells })
            .collect();
        assert_eq!(exported.len(), 4, "one row per variant");
        assert_eq!(exported[0].cells[13], "|bleu marine", "the colour of each picture");
        let plan = ImportPlan::read(&header(), &exported, std::slice::from_ref(&product)).unwrap();
        assert_eq!(plan.products[0].change, ImportChange::Unchanged);
        assert!(plan.writes().is_empty());

        let mut restocked = exported.clone();
        restocked[0].cells[11] = "5".into();
        let plan = ImportPlan::read(&header(), &restocked, std::slice::from_ref(&product)).unwrap();
        assert_eq!(plan.products[0].change, ImportChange::Updated);
        assert_eq!(plan.products[0].product.created_at, Some(product.created_at), "an update keeps its date");
    }

    #[test]
    fn pictures_keep_their_colours_and_a_file_without_the_column_is_read_as_before() {
        let mut pictured = tee_row("M", "4");
        pictured[12] = "/a.jpg /b.jpg /c.jpg";
        pictured[13] = "noir | | noir";
        let plan = ImportPlan::read(&header(), &rows(&[pictured.clone()]), &[]).unwrap();
        let noir = Color::parse("noir").unwrap();
        assert_eq!(
            plan.products[0].product.pictures,
            [Picture::of("/a.jpg", &noir), Picture::any_color("/b.jpg"), Picture::of("/c.jpg", &noir)]
        );

        pictured[13] = "rouge";
        let found = problems(ImportPlan::read(&header(), &rows(&[pictured.clone()]), &[]));
        let message = "La couleur d'une image doit être l'une des couleurs du produit".to_owned();
        assert_eq!(found, [(2, "imageColors".to_owned(), message)]);

        let mut old_header = header();
        old_header.remove(13);
        pictured.remove(13);
        let plan = ImportPlan::read(&old_header, &rows(&[pictured]), &[]).unwrap();
        assert!(plan.products[0].product.pictures.iter().all(|picture| picture.color.is_none()));
    }

    #[test]
    fn a_blank_slug_is_made_from_the_name_and_an_accessory_needs_no_size() {
        let mut chain = TEE_M.to_vec();
        chain[0] = "";
        chain[1] = "Chaîne Cubaine";
        chain[7] = "accessoire";
        chain[8] = "chaine";
        chain[9] = "doré";
        chain[10] = "";
        let plan = ImportPlan::read(&header(), &rows(&[chain]), &[]).unwrap();
        assert_eq!(plan.products[0].slug.as_str(), "chaine-cubaine");
        assert_eq!(plan.products[0].product.sizes, [Size::Unique]);
        assert_eq!(plan.products[0].product.stock.total(), 4);
    }
}
