//! SQL functions the queries share (the module is private to the crate).

use diesel::expression::functions::declare_sql_function;
use diesel::sql_types::Text;

#[declare_sql_function]
extern "SQL" {
    /// Lowercase without accents (migration 000001).
    fn bitik_search_text(text: Text) -> Text;
    fn regexp_replace(text: Text, pattern: Text, replacement: Text, flags: Text) -> Text;
}

/// `%text%` for LIKE, its wildcards matched literally; folded by `bitik_search_text` in SQL,
/// which leaves `%` and `\` alone.
pub fn like_pattern(text: &str) -> String {
    let escaped = text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}
