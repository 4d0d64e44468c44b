/// `text` made safe to write inside HTML, in an element or a quoted attribute: the five
/// characters HTML would read as markup are written as entities.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape_html;

    #[test]
    fn escapes_what_html_would_read_as_markup() {
        assert_eq!(
            escape_html(r#"<a href="x">Kër & 'co'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;Kër &amp; &#39;co&#39;&lt;/a&gt;"
        );
    }
}
