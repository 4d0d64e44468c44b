//! The shop's common spellings of its own words (docs/rules.md#search): shoppers type « tee
//! shirt », « tshirt » or « sweatshirt » where the catalogue says « T-shirt » and « Sweat ». A
//! search is read with the catalogue's spelling in their place, before any typo is forgiven.
//! Singulars and plurals (« lunette ») and accents (« chaine ») need nothing here: the search's
//! French stemming and folding already read them as the catalogue's words.

/// Each spelling shoppers use, as words separated by spaces or hyphens (case and accents
/// ignored), and the catalogue's word for it.
const SPELLINGS: &[(&[&str], &str)] = &[
    (&["tee", "shirt"], "t-shirt"),
    (&["tee", "shirts"], "t-shirt"),
    (&["teeshirt"], "t-shirt"),
    (&["teeshirts"], "t-shirt"),
    (&["tshirt"], "t-shirt"),
    (&["tshirts"], "t-shirt"),
    (&["t", "shirt"], "t-shirt"),
    (&["t", "shirts"], "t-shirt"),
    (&["tee"], "t-shirt"),
    (&["sweat", "shirt"], "sweat"),
    (&["sweatshirt"], "sweat"),
    (&["sweatshirts"], "sweat"),
    (&["sweats"], "sweat"),
    (&["hoodie"], "sweat"),
];

/// `text` with every common spelling replaced by the catalogue's word; other words as typed.
pub fn with_shop_spellings(text: &str) -> String {
    let words: Vec<&str> = text.split([' ', '-']).filter(|w| !w.is_empty()).collect();
    let folded: Vec<String> = words.iter().map(|w| fold(w)).collect();
    let mut out: Vec<&str> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        match SPELLINGS.iter().find(|(spelling, _)| starts_with(&folded[i..], spelling)) {
            Some((spelling, word)) => {
                out.push(word);
                i += spelling.len();
            }
            None => {
                out.push(words[i]);
                i += 1;
            }
        }
    }
    // A hyphenated word not rewritten keeps its hyphen: the search folds it as it folds the
    // catalogue's (« cat-eye »).
    if out.len() == words.len() && out.iter().zip(&words).all(|(a, b)| a == b) {
        return text.to_owned();
    }
    out.join(" ")
}

fn starts_with(words: &[String], spelling: &[&str]) -> bool {
    words.len() >= spelling.len() && words.iter().zip(spelling).all(|(word, wanted)| word == wanted)
}

/// Lowercase, without the accents French puts on the letters a spelling may hold.
fn fold(word: &str) -> String {
    word.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'â' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'î' | 'ï' => 'i',
            'ô' | 'ö' => 'o',
            'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            other => other,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ways_shoppers_spell_a_t_shirt_are_the_catalogues() {
        for typed in ["tee shirt", "Tee-Shirt", "teeshirt", "tshirt", "T shirt", "TSHIRTS", "tee"] {
            assert_eq!(with_shop_spellings(typed), "t-shirt", "{typed}");
        }
        assert_eq!(with_shop_spellings("tee shirt noir"), "t-shirt noir");
        assert_eq!(with_shop_spellings("grand tshirt blanc"), "grand t-shirt blanc");
    }

    #[test]
    fn a_sweatshirt_is_a_sweat() {
        assert_eq!(with_shop_spellings("sweat-shirt gris"), "sweat gris");
        assert_eq!(with_shop_spellings("Sweatshirt"), "sweat");
        assert_eq!(with_shop_spellings("hoodie"), "sweat");
    }

    #[test]
    fn other_words_are_left_as_typed() {
        assert_eq!(with_shop_spellings("Lunettes Cat-Eye"), "Lunettes Cat-Eye");
        assert_eq!(with_shop_spellings("pull teranga"), "pull teranga");
        assert_eq!(with_shop_spellings("teeshirtx"), "teeshirtx", "whole words only");
        assert_eq!(with_shop_spellings("t"), "t");
    }
}
