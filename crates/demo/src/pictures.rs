//! The demo products' pictures: an illustration drawn once at [`RENDER_SIZE`] (the largest
//! width), stored through the shop's image pipeline like an admin's upload. Pass the same
//! `variant` for every colour of a product so its pictures show one design; `variant_for`
//! derives it from the product's name and catalogue position.

use bitik_images::{MediaError, PreparedPicture, prepare_variants};

use crate::illustration::render_product;

/// Side at which illustrations are rendered before being downscaled to [`WIDTHS`].
pub const RENDER_SIZE: u32 = 1200;

/// Renders the illustration of a product (see [`render_product`]) and encodes its variants (see
/// [`prepare_variants`]), ready to be stored.
pub fn prepare_illustration(
    subcategory: &str,
    color: &str,
    variant: u32,
    collection: &str,
) -> Result<PreparedPicture, MediaError> {
    let img = render_product(subcategory, color, variant, RENDER_SIZE);
    // Illustrations are opaque: hand over RGB so no alpha check or flattening is needed.
    let rgb = image::DynamicImage::ImageRgba8(img).to_rgb8();
    prepare_variants(&image::DynamicImage::ImageRgb8(rgb), collection)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_product_is_drawn_in_every_width() {
        for (i, sub) in ["t-shirt", "pull", "lunette", "chaine"].into_iter().enumerate() {
            let prepared = prepare_illustration(sub, "bleu marine", i as u32, "products").unwrap();
            let url = prepared.url();
            assert!(url.starts_with("/uploads/products/") && url.ends_with("/800.jpg"), "{url}");
            let dir = url.trim_start_matches("/uploads/").trim_end_matches("800.jpg").to_owned();
            for width in bitik_images::WIDTHS {
                for ext in ["jpg", "webp"] {
                    let name = format!("{dir}{width}.{ext}");
                    let (_, bytes) = prepared.files().iter().find(|(key, _)| key.as_str() == name).unwrap();
                    let picture = image::load_from_memory(bytes).unwrap();
                    assert_eq!((picture.width(), picture.height()), (width, width), "{sub} {width}.{ext}");
                }
            }
        }
    }
}
