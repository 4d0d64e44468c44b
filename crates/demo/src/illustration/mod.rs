//! Flat product illustrations drawn by the shop itself (no downloaded pictures).
//!
//! [`render_product`] draws a square, anti-aliased picture of a t-shirt, a pull, a pair of
//! sunglasses or a chain, filled with one of the catalogue's French colour names, on a soft
//! background. `variant` changes the small details (background tint and decoration, print or
//! stripes, hood, lens shape, chain style, angle) so that the products of one subcategory do not
//! all look alike. Everything is deterministic: the same arguments give the same pixels.
//!
//! All the geometry is written in a 1000 × 1000 design space and scaled to the requested size,
//! so one picture looks the same at every size. Render once at the largest size (1200 px) and let
//! `bitik_images::prepare_variants` downscale.

use image::RgbaImage;

mod accessories;
mod canvas;
mod clothes;
mod style;
#[cfg(test)]
mod tests;

use accessories::{chain, glasses, tag};
use canvas::Canvas;
use clothes::{pull, tshirt};
pub use style::color_rgb;
use style::{Kind, Rgb, Style, fold};

/// Smallest and largest side [`render_product`] accepts; other values are clamped.
pub const MIN_SIZE: u32 = 16;
pub const MAX_SIZE: u32 = 4096;

/// Draws one product of `subcategory` (`t-shirt`, `pull`, `lunette`, `chaine`; plural forms and
/// missing accents/hyphens are accepted, anything else gets a neutral price-tag picture) in
/// `color` (a French colour name, see [`color_rgb`]) as a `size` × `size` opaque image.
///
/// `variant % 4` picks the design:
///
/// | subcategory | 0 | 1 | 2 | 3 |
/// |---|---|---|---|---|
/// | t-shirt | chest emblem | marinière stripes | big sun-and-waves print | wax chest pocket |
/// | pull | chest emblem | chest stripes | hoodie (hood, strings, pocket) | cable knit |
/// | lunette | round, metal | aviator, metal | square, acetate | cat-eye, acetate |
/// | chaine | cuban links | rope | classic links, with a medallion when `(variant / 4)` is even | balls |
///
/// The rest of `variant` varies the background tint and decoration, the print colour, the lens
/// tint and a small rotation. Use the same variant for every colour of one product so that its
/// pictures show the same design; [`variant_for`] picks one that matches a product's name.
pub fn render_product(subcategory: &str, color: &str, variant: u32, size: u32) -> RgbaImage {
    let size = size.clamp(MIN_SIZE, MAX_SIZE);
    let base = Rgb::from(color_rgb(color));
    let kind = Kind::parse(subcategory);
    let style = Style::new(variant, base, kind);

    let mut canvas = Canvas::new(size, style.angle);
    canvas.background(&style);
    match kind {
        Kind::TShirt => tshirt(&mut canvas, base, &style),
        Kind::Pull => pull(&mut canvas, base, &style),
        Kind::Glasses => glasses(&mut canvas, base, &style),
        Kind::Chain => chain(&mut canvas, base, &style),
        Kind::Other => tag(&mut canvas, base, &style),
    }
    canvas.into_image()
}

/// A `variant` for [`render_product`] whose design matches the product's name where the name says
/// something about it (`Rayé` → stripes, `Sweat à capuche` → hoodie, `Aviateur` → aviator,
/// `Cat-Eye`, `Rondes`, `Cubaine`, `Corde`, `Boules`, `Pendentif`, `Forçat`...), otherwise one
/// picked from `position` (the product's rank in the catalogue). Different positions give
/// different backgrounds and angles even when the design is the same.
pub fn variant_for(subcategory: &str, name: &str, position: u32) -> u32 {
    let n = fold(name);
    let has = |words: &[&str]| words.iter().any(|w| n.contains(w));
    // (design, no medallion on classic chains)
    let (detail, plain) = match Kind::parse(subcategory) {
        Kind::TShirt if has(&["raye", "rayure", "mariniere"]) => (1, false),
        Kind::TShirt if has(&["poche", "pocket", "wax"]) => (3, false),
        Kind::TShirt if has(&["graphique", "print", "surf", "sunset", "soleil"]) => (2, false),
        Kind::TShirt => (position % 4, false),
        Kind::Pull if has(&["capuche", "hoodie", "hood"]) => (2, false),
        Kind::Pull if has(&["raye", "rayure", "mariniere"]) => (1, false),
        Kind::Pull if has(&["maille", "torsade", "jacquard", "tricot", "heritage", "cable"]) => (3, false),
        Kind::Pull if has(&["col roule", "zip", "col rond"]) => (0, false),
        // No hood unless the name says so.
        Kind::Pull => ([0, 1, 3][(position % 3) as usize], false),
        Kind::Glasses if has(&["aviateur", "aviator", "pilote"]) => (1, false),
        Kind::Glasses if has(&["cat eye", "cateye", "papillon"]) => (3, false),
        Kind::Glasses if has(&["ronde", "rond", "hexagon", "fine", "john"]) => (0, false),
        Kind::Glasses if has(&["carre", "clubmaster", "wayfarer", "masque", "sport", "oversize", "retro"]) => {
            (2, false)
        }
        Kind::Glasses => (position % 4, false),
        Kind::Chain if has(&["pendentif", "medaille", "medaillon"]) => (2, false),
        Kind::Chain if has(&["cubaine", "gourmette", "cuban"]) => (0, false),
        Kind::Chain if has(&["corde", "torsade", "serpent", "rope"]) => (1, false),
        Kind::Chain if has(&["boule", "bille"]) => (3, false),
        Kind::Chain if has(&["forcat", "figaro", "maille", "jaseron"]) => (2, true),
        // No medallion unless the name says so.
        Kind::Chain => [(0, false), (1, false), (3, false), (2, true)][(position % 4) as usize],
        Kind::Other => (position % 4, false),
    };
    let rest = position.wrapping_mul(2).wrapping_add(u32::from(plain));
    detail.wrapping_add(rest.wrapping_mul(4))
}
