//! A shop search's words as the catalogue's documents hold them (migration
//! `2026-11-27-000100_search`): each word of the text is folded and stemmed by PostgreSQL as the
//! documents were, then looked up among the words the catalogue holds (`search_words`). A word
//! found is searched as it is; a word not found is replaced by the words one typo away from it
//! and the words it begins (a word still being typed), so that a typo of a common word is
//! searched, and costs, as the common word. A word with neither matches nothing, and every word
//! must match: the search then finds nothing without reading a product.

use bitik_catalog::SearchText;
use bitik_common::BoxError;
use diesel::QueryableByName;
use diesel::sql_types::{Array, BigInt, Nullable, Record, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use super::storage;

/// Shorter words are searched only as typed: one letter off a two-letter word is another word.
const MIN_FORGIVEN_CHARS: usize = 3;

/// What a search asks of the products' documents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Words {
    /// Only words a search ignores (« de », « la »): the search asks for nothing.
    Any,
    /// A word the catalogue holds in no spelling close enough: no product matches.
    Nothing,
    /// Every word, each as one of its spellings: a `tsquery` literal, and at most how many
    /// products hold them all (those of its rarest word, counted by `search_words`).
    All { query: String, at_most: i64 },
}

/// A spelling and the products that came to hold it.
type Spelling = (String, i64);

#[derive(QueryableByName)]
struct Word {
    #[diesel(sql_type = Text)]
    word: String,
    /// `None` when no product holds the word as typed.
    #[diesel(sql_type = Nullable<BigInt>)]
    products: Option<i64>,
    #[diesel(sql_type = Nullable<Array<Record<(Text, BigInt)>>>)]
    near: Option<Vec<Spelling>>,
    #[diesel(sql_type = Nullable<Array<Record<(Text, BigInt)>>>)]
    completions: Option<Vec<Spelling>>,
}

/// The text's words (the French configuration's lexemes of the folded text, hyphens dropped as the
/// documents also hold them), whether the catalogue holds each, and for those it does not, its
/// nearest words by trigrams (typo candidates, checked in [`one_edit_apart`]) and the words it
/// begins, shortest first.
const WORDS: &str = r#"
SELECT q.lexeme AS word, k.products,
       CASE WHEN k.products IS NULL AND length(q.lexeme) >= $2 AND q.lexeme !~ '[0-9]' THEN ARRAY(
           SELECT ROW(w.word, w.products) FROM search_words w WHERE w.word !~ '[0-9]'
           ORDER BY w.word <-> (q.lexeme COLLATE "C") LIMIT 24) END AS near,
       CASE WHEN k.products IS NULL AND length(q.lexeme) >= $2 AND q.lexeme !~ '[0-9]' THEN ARRAY(
           SELECT ROW(w.word, w.products) FROM search_words w
           WHERE w.word > (q.lexeme COLLATE "C") AND w.word < (q.lexeme || U&'\+10FFFF') COLLATE "C"
           ORDER BY length(w.word), w.word LIMIT 24) END AS completions
FROM unnest(to_tsvector('pg_catalog.french'::regconfig, replace(bitik_search_text($1), '-', ''))) AS q
CROSS JOIN LATERAL (SELECT (SELECT w.products FROM search_words w WHERE w.word = (q.lexeme COLLATE "C")) AS products) k
ORDER BY q.positions[1]
"#;

pub(super) async fn words(conn: &mut AsyncPgConnection, search: &SearchText) -> Result<Words, BoxError> {
    let found: Vec<Word> = diesel::sql_query(WORDS)
        .bind::<Text, _>(search.as_str())
        .bind::<diesel::sql_types::Integer, _>(MIN_FORGIVEN_CHARS as i32)
        .load(conn)
        .await
        .map_err(storage)?;
    Ok(query(found.into_iter().map(spellings).collect()))
}

/// The spellings a word of the search may match.
fn spellings(word: Word) -> Vec<Spelling> {
    if let Some(products) = word.products {
        return vec![(word.word, products)];
    }
    let mut spellings: Vec<Spelling> =
        word.near.unwrap_or_default().into_iter().filter(|(near, _)| one_edit_apart(&word.word, near)).collect();
    for completion in word.completions.unwrap_or_default() {
        if !spellings.iter().any(|(spelling, _)| *spelling == completion.0) {
            spellings.push(completion);
        }
    }
    spellings
}

/// Every word in one of its spellings, as a `tsquery` literal (read with `::tsquery`, which takes
/// quoted lexemes as they are, unlike `to_tsquery`, which parses them again).
fn query(words: Vec<Vec<Spelling>>) -> Words {
    if words.is_empty() {
        return Words::Any;
    }
    if words.iter().any(Vec::is_empty) {
        return Words::Nothing;
    }
    let quoted = |lexeme: &str| format!("'{}'", lexeme.replace('\\', "\\\\").replace('\'', "''"));
    let all: Vec<String> = words
        .iter()
        .map(|spellings| format!("({})", spellings.iter().map(|(s, _)| quoted(s)).collect::<Vec<_>>().join(" | ")))
        .collect();
    let at_most = words.iter().map(|spellings| spellings.iter().map(|(_, n)| n).sum()).min().unwrap_or_default();
    Words::All { query: all.join(" & "), at_most }
}

/// One typo apart: one letter changed, added or dropped, or two neighbours swapped.
pub(super) fn one_edit_apart(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let (short, long) = if a.len() <= b.len() { (&a, &b) } else { (&b, &a) };
    match long.len() - short.len() {
        0 => {
            let differ: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
            match differ.as_slice() {
                [_] => true,
                &[i, j] => j == i + 1 && a[i] == b[j] && a[j] == b[i],
                _ => false,
            }
        }
        1 => {
            let first = short.iter().zip(long.iter()).take_while(|(x, y)| x == y).count();
            short[first..] == long[first + 1..]
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_typo_is_a_letter_changed_added_dropped_or_swapped() {
        for (a, b) in
            [("noir", "noor"), ("chain", "chains"), ("harmatan", "harmattan"), ("lunet", "lnuet"), ("pul", "pull")]
        {
            assert!(one_edit_apart(a, b), "{a} {b}");
            assert!(one_edit_apart(b, a), "{b} {a}");
        }
        for (a, b) in
            [("noir", "noir"), ("noir", "nori2"), ("chain", "chaines"), ("teranga", "tarenga"), ("abc", "cba")]
        {
            assert!(!one_edit_apart(a, b), "{a} {b}");
        }
        // A repeated letter dropped is still one typo, wherever the comparison lines it up.
        assert!(one_edit_apart("aab", "ab") && one_edit_apart("abb", "ab") && one_edit_apart("aaa", "aa"));
    }

    fn word(word: &str, products: Option<i64>, near: &[&str], completions: &[&str]) -> Word {
        let owned = |words: &[&str]| Some(words.iter().map(|w| ((*w).to_owned(), 1)).collect());
        Word { word: word.to_owned(), products, near: owned(near), completions: owned(completions) }
    }

    fn spelled(word: Word) -> Vec<String> {
        spellings(word).into_iter().map(|(spelling, _)| spelling).collect()
    }

    #[test]
    fn a_known_word_is_searched_as_typed_and_an_unknown_one_as_its_close_spellings() {
        assert_eq!(spelled(word("chain", Some(3), &[], &[])), ["chain"]);
        assert_eq!(spelled(word("noor", None, &["noir", "nord", "nor"], &["noori"])), ["noir", "nor", "noori"]);
        assert!(spelled(word("ordinateur", None, &["ordin"], &[])).is_empty());
    }

    #[test]
    fn every_word_must_match_and_lexemes_are_quoted() {
        let spelling = |word: &str, products: i64| (word.to_owned(), products);
        assert_eq!(query(vec![]), Words::Any);
        assert_eq!(query(vec![vec![spelling("noir", 9)], vec![]]), Words::Nothing);
        assert_eq!(
            query(vec![vec![spelling("tshirt", 40)], vec![spelling("noir", 9), spelling("nord", 2)]]),
            Words::All { query: "('tshirt') & ('noir' | 'nord')".into(), at_most: 11 }
        );
        assert_eq!(query(vec![vec![spelling("l'a\\b", 1)]]), Words::All { query: r"('l''a\\b')".into(), at_most: 1 });
    }
}
