//! Product images: generated illustrations for the demo catalogue, resized variants.
//!
//! - [`illustration`] draws flat product pictures (t-shirt, pull, sunglasses, chain) in any of the
//!   catalogue's French colour names. The demo seed uses them: the shop never downloads pictures.
//! - [`variants`] is the image pipeline shared by the seed and admin uploads: it writes
//!   400/800/1200-px JPEG and WebP copies without metadata under `{upload_dir}/{collection}/{dir}/`
//!   and returns the URL stored on the product, `/uploads/{collection}/{dir}/800.jpg`.
//!   The storefront derives `srcset` from that URL: `/uploads/{collection}/{dir}/{400,800,1200}.{webp,jpg}`.
//!
//! Rendering happens once at [`RENDER_SIZE`] (the largest width) and is downscaled from there
//! ([`store_illustration`]). Pass the same `variant` for every colour of a product so its pictures
//! show one design; [`variant_for`] derives it from the product's name and catalogue position.

use std::path::Path;

pub mod illustration;
pub mod variants;

pub use illustration::{colour_rgb, render_product, variant_for};
pub use variants::{
    MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS, MAX_UPLOAD_SIDE, MediaError, UploadRefusal, WIDTHS, check_upload,
    decode_upload, remove_variants, store_variants,
};

/// Side at which illustrations are rendered before being downscaled to [`WIDTHS`].
pub const RENDER_SIZE: u32 = 1200;

/// Renders the illustration of a product (see [`render_product`]) and stores its variants (see
/// [`store_variants`]); returns the public URL of the 800-px JPEG.
pub fn store_illustration(
    subcategory: &str,
    colour: &str,
    variant: u32,
    upload_dir: &Path,
    collection: &str,
) -> Result<String, MediaError> {
    let img = render_product(subcategory, colour, variant, RENDER_SIZE);
    // Illustrations are opaque: hand over RGB so no alpha check or flattening is needed.
    let rgb = image::DynamicImage::ImageRgba8(img).to_rgb8();
    store_variants(&image::DynamicImage::ImageRgb8(rgb), upload_dir, collection)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn one_product_image_end_to_end_with_timing() {
        let tmp = std::env::temp_dir().join(format!(
            "bitik-media-e2e-{}-{}",
            std::process::id(),
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0)
        ));
        let mut report = Vec::new();
        for (i, sub) in ["t-shirt", "pull", "lunette", "chaine"].into_iter().enumerate() {
            let t0 = Instant::now();
            let _img = render_product(sub, "bleu marine", i as u32, RENDER_SIZE);
            let rendered = t0.elapsed();
            let t1 = Instant::now();
            let url = store_illustration(sub, "bleu marine", i as u32, &tmp, "products").unwrap();
            let total = t1.elapsed();
            assert!(url.starts_with("/uploads/products/") && url.ends_with("/800.jpg"), "{url}");
            let dir = tmp.join("products").join(url.split('/').nth(3).unwrap());
            let sizes: Vec<String> = ["400.jpg", "800.jpg", "1200.jpg", "400.webp", "800.webp", "1200.webp"]
                .iter()
                .map(|f| format!("{f}={}KB", std::fs::metadata(dir.join(f)).unwrap().len() / 1024))
                .collect();
            report.push(format!(
                "{sub}: render {rendered:?}; store_illustration (render + 6 files) {total:?} [{}]",
                sizes.join(" ")
            ));
        }
        let _ = std::fs::remove_dir_all(&tmp);
        println!("{}", report.join("\n"));
    }
}
