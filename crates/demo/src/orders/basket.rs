//! What a demo customer buys: one to three variants the shop has plenty of, drawn from the
//! catalogue as it stands when the order is placed. A line that finds no such variant in three
//! products is left out, so the demo never empties a shelf.

use bitik_catalog::{Product, RawChoice};

use super::dice::Dice;

/// A variant is bought only while it has at least this many units.
pub(crate) const PLENTY: u32 = 5;

/// A basket drawn from `basket` (the planned order's draw) among `products`, which must come in
/// a fixed order (by slug) for the same draw to give the same basket. Empty when nothing has
/// stock enough.
pub(crate) fn draw(basket: u64, products: &[Product]) -> Vec<RawChoice> {
    let mut dice = Dice::new(basket);
    let lines = match dice.between(1, 10) {
        1..=6 => 1,
        7..=9 => 2,
        _ => 3,
    };
    let mut choices: Vec<RawChoice> = Vec::new();
    for _ in 0..lines {
        // A shopper whose first idea is out of stock looks at another product or two.
        if let Some(choice) = (0..3).find_map(|_| choose(&mut dice, products, &choices)) {
            choices.push(choice);
        }
    }
    choices
}

/// A variant with plenty of stock of one product, not in the basket yet; `None` when the product
/// drawn has none.
fn choose(dice: &mut Dice, products: &[Product], basket: &[RawChoice]) -> Option<RawChoice> {
    let product = dice.pick(products)?;
    let id = product.id.to_string();
    let taken = |color: &str, size: &str| {
        basket.iter().any(|c| {
            c.product_id.as_deref() == Some(&id) && c.color.as_deref() == Some(color) && c.size.as_deref() == Some(size)
        })
    };
    let plenty: Vec<_> = product
        .stock
        .variants()
        .filter(|&(color, size, stock)| stock >= PLENTY && !taken(color.as_str(), size.as_str()))
        .collect();
    let &(color, size, stock) = dice.pick(&plenty)?;
    let quantity = if stock >= 2 * PLENTY && dice.chance(15) { 2 } else { 1 };
    Some(RawChoice {
        product_id: Some(id),
        quantity: Some(Ok(quantity)),
        size: Some(size.as_str().to_owned()),
        color: Some(color.as_str().to_owned()),
    })
}

#[cfg(test)]
mod tests {

    use bitik_catalog::ProductForm;
    use chrono::Utc;
    use uuid::Uuid;

    use super::*;

    fn product(name: &str, stock: &[(&str, &str, i64)]) -> Product {
        let mut form = ProductForm {
            name: Some(name.to_owned()),
            description: Some("Une pièce de la boutique.".to_owned()),
            price: Some(9_500),
            category: Some("vetement".to_owned()),
            subcategory: Some("t-shirt".to_owned()),
            active: Some(true),
            ..ProductForm::default()
        };
        for &(color, size, quantity) in stock {
            if !form.colors.iter().any(|c| c == color) {
                form.colors.push(color.to_owned());
            }
            if !form.sizes.iter().any(|s| s == size) {
                form.sizes.push(size.to_owned());
            }
            form.stock.entry(color.to_owned()).or_default().insert(size.to_owned(), quantity);
        }
        let new = form.validate(None).unwrap();
        Product {
            id: Uuid::new_v4(),
            slug: new.slug(),
            name: name.to_owned(),
            short_description: String::new(),
            description: String::new(),
            price: new.price,
            promo_price: None,
            on_promotion: false,
            subcategory: new.subcategory,
            colors: new.colors.clone(),
            sizes: new.sizes.clone(),
            pictures: Vec::new(),
            stock: new.stock.clone(),
            material: String::new(),
            care_instructions: String::new(),
            featured: false,
            active: true,
            created_at: Utc::now(),
        }
    }

    #[test]
    fn only_variants_with_plenty_of_stock_are_bought() {
        let products = [
            product("T-shirt Plein", &[("noir", "M", 12), ("noir", "L", 4), ("blanc", "M", 0)]),
            product("T-shirt Rare", &[("noir", "M", 3), ("blanc", "S", 1)]),
        ];
        let mut lines = 0;
        for basket in 0..300 {
            let choices = draw(basket, &products);
            assert_eq!(choices, draw(basket, &products), "the same draw, the same basket");
            for choice in &choices {
                assert_eq!(choice.product_id.as_deref(), Some(products[0].id.to_string().as_str()));
                assert_eq!((choice.color.as_deref(), choice.size.as_deref()), (Some("noir"), Some("M")));
                assert!(matches!(choice.quantity, Some(Ok(1 | 2))));
            }
            lines += choices.len();
        }
        assert!(lines > 100, "most baskets find the well-stocked variant ({lines} lines in 300)");
    }

    #[test]
    fn a_shop_short_of_everything_sells_nothing() {
        let products = [product("T-shirt Rare", &[("noir", "M", PLENTY as i64 - 1)])];
        assert!((0..100).all(|basket| draw(basket, &products).is_empty()));
        assert!(draw(7, &[]).is_empty());
    }
}
