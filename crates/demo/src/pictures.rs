//! The demo products' pictures: an illustration drawn once at [`RENDER_SIZE`] (the largest
//! width), stored through the shop's image pipeline like an admin's upload. Pass the same
//! `variant` for every colour of a product so its pictures show one design; `variant_for`
//! derives it from the product's name and catalogue position.

use std::path::Path;

use bitik_images::{MediaError, store_variants};

use crate::illustration::render_product;

/// Side at which illustrations are rendered before being downscaled to [`WIDTHS`].
pub const RENDER_SIZE: u32 = 1200;

/// Renders the illustration of a product (see [`render_product`]) and stores its variants (see
/// [`store_variants`]); returns the public URL of the 800-px JPEG.
pub fn store_illustration(
    subcategory: &str,
    color: &str,
    variant: u32,
    upload_dir: &Path,
    collection: &str,
) -> Result<String, MediaError> {
    let img = render_product(subcategory, color, variant, RENDER_SIZE);
    // Illustrations are opaque: hand over RGB so no alpha check or flattening is needed.
    let rgb = image::DynamicImage::ImageRgba8(img).to_rgb8();
    store_variants(&image::DynamicImage::ImageRgb8(rgb), upload_dir, collection)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_product_is_drawn_and_stored_in_every_width() {
        let tmp = std::env::temp_dir().join(format!("bitik-demo-pictures-{}", std::process::id()));
        for (i, sub) in ["t-shirt", "pull", "lunette", "chaine"].into_iter().enumerate() {
            let url = store_illustration(sub, "bleu marine", i as u32, &tmp, "products").unwrap();
            assert!(url.starts_with("/uploads/products/") && url.ends_with("/800.jpg"), "{url}");
            let dir = tmp.join("products").join(url.split('/').nth(3).unwrap());
            for width in bitik_images::WIDTHS {
                for ext in ["jpg", "webp"] {
                    let picture = image::open(dir.join(format!("{width}.{ext}"))).unwrap();
                    assert_eq!((picture.width(), picture.height()), (width, width), "{sub} {width}.{ext}");
                }
            }
        }
        let _ = std::fs::remove_dir_all(&tmp);
    }
}
