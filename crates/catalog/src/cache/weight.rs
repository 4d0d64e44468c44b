//! About how many bytes a kept answer holds, so that the cache can be bounded by memory as well as
//! by entries. An estimate from the lengths of what the answer owns (an exact figure would be the
//! allocator's): it must grow with the answer, and err on the side of counting too much.

use std::mem::size_of;

use bitik_common::Page;

use crate::facets::Facets;
use crate::model::{Color, Picture, Product};

/// What one entry costs besides its answer: its key (a listing's filter may carry a search and
/// colours), its slot, its place in the index.
pub(super) const ENTRY_OVERHEAD: usize = 512;

/// A colour's share of the stock's two-level map: its node entries and its sizes' own map.
const COLOR_IN_STOCK: usize = 256;

pub(super) trait Weigh {
    fn weight(&self) -> usize;
}

impl Weigh for Product {
    fn weight(&self) -> usize {
        let texts = [&self.name, &self.short_description, &self.description, &self.material, &self.care_instructions];
        let colors = |colors: &mut dyn Iterator<Item = &Color>| {
            colors.map(|color| size_of::<Color>() + color.as_str().len()).sum::<usize>()
        };
        let stock: usize = {
            let mut last: Option<&Color> = None;
            let mut bytes = 0;
            for (color, _, _) in self.stock.variants() {
                if last != Some(color) {
                    bytes += COLOR_IN_STOCK + color.as_str().len();
                    last = Some(color);
                }
                bytes += 2 * size_of::<u32>();
            }
            bytes
        };
        size_of::<Product>()
            + texts.iter().map(|text| text.capacity()).sum::<usize>()
            + self.slug.as_str().len()
            + colors(&mut self.colors.iter())
            + self.sizes.capacity()
            + self.pictures.iter().map(Picture::weight).sum::<usize>()
            + stock
    }
}

impl Weigh for Picture {
    fn weight(&self) -> usize {
        size_of::<Picture>() + self.url.capacity() + self.color.as_ref().map_or(0, |color| color.as_str().len())
    }
}

impl Weigh for Option<Product> {
    fn weight(&self) -> usize {
        self.as_ref().map_or(size_of::<Self>(), Weigh::weight)
    }
}

impl Weigh for Vec<Product> {
    fn weight(&self) -> usize {
        size_of::<Self>() + self.iter().map(Weigh::weight).sum::<usize>()
    }
}

impl Weigh for Page<Product> {
    fn weight(&self) -> usize {
        size_of::<Self>() + self.items.iter().map(Weigh::weight).sum::<usize>()
    }
}

impl Weigh for Facets {
    fn weight(&self) -> usize {
        let pair = size_of::<(Color, u64)>();
        size_of::<Self>()
            + self.colors.iter().map(|(color, _)| pair + color.as_str().len()).sum::<usize>()
            + self.sizes.len() * pair
            + self.categories.iter().map(|category| pair + category.subcategories.len() * pair).sum::<usize>()
    }
}

#[cfg(test)]
mod tests {
    use chrono::DateTime;

    use super::*;
    use crate::fixtures;
    use crate::model::{Size, Subcategory};

    #[test]
    fn a_products_weight_grows_with_its_texts_pictures_and_variants() {
        let bare = fixtures::product("T-shirt Teranga", Subcategory::TShirt, DateTime::UNIX_EPOCH);
        let mut full = bare.clone();
        full.description = "x".repeat(2_000);
        full.pictures = vec![Picture::any_color("/uploads/products/abc/800.jpg"); 4];
        for color in ["noir", "blanc", "rouge"] {
            for size in Size::CLOTHING {
                full.stock.set(Color::parse(color).unwrap(), size, 3);
            }
        }
        assert!(bare.weight() >= size_of::<Product>());
        assert!(full.weight() >= bare.weight() + 2_000 + 4 * 30 + 3 * COLOR_IN_STOCK);
        let page = Page::counted(vec![full.clone(), full.clone()], bitik_common::PageRequest::new(1, 12, 100), 2);
        assert!(page.weight() >= 2 * full.weight());
        assert!(Some(full.clone()).weight() == full.weight() && None::<Product>.weight() > 0);
    }
}
