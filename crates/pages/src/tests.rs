use serde_json::json;

use crate::head::{Head, answer, api_address, render};
use crate::shell::inline_script_hashes;
use crate::storefront::PRODUCT_ROUTE;

#[test]
fn hashes_the_inline_scripts_only_as_the_browser_reads_them() {
    let template = "<head><script type=\"module\" src=\"/assets/index.js\"></script>\
        <script type=\"application/ld+json\">{}</script></head><body><div id=\"root\"></div>\
        <script id=\"after-first-paint\" data-entry=\"/assets/index.js\">(()=>{start()})();</script></body>";
    // `printf '%s' '(()=>{start()})();' | openssl dgst -sha256 -binary | base64`
    assert_eq!(inline_script_hashes(template), ["'sha256-CGMmk7PRRO/pVTobcbx8FpgNrtTdcCChXbv1EgXtJJk='"]);
    assert_eq!(inline_script_hashes("<body><div id=\"root\"></div></body>"), Vec::<String>::new());
}

const TEMPLATE: &str = "<html><head>\n<title>Défaut</title>\n<meta name=\"description\" content=\"d\" />\n\
    <meta property=\"og:image\" content=\"/images/og-default.jpg\" />\n<meta charset=\"UTF-8\" />\n\
    <script type=\"module\" src=\"/assets/index.js\"></script>\n</head><body><div id=\"root\"></div></body></html>";

#[test]
fn replaces_the_default_tags_keeps_the_rest_and_escapes_text() {
    let head = Head {
        title: "Chaîne <script>alert(1)</script> | Bitik".into(),
        description: "Dorée & \"brillante\"".into(),
        path: "/product/chaine".into(),
        image: "/uploads/products/a/1200.jpg".into(),
        kind: "product",
        structured: Some(json!({"name": "</script><script>alert(1)</script>"})),
        route: PRODUCT_ROUTE,
        lcp_image: None,
        first_paint: Some("<p class=\"x\">Chaîne &lt;b&gt;</p>".into()),
        answers: answer(
            api_address("/products", &[("page", "1"), ("limit", "12")]),
            json!({"data": {"name": "</script><script>alert(1)</script>"}}),
        ),
    };
    let html = render(TEMPLATE, &head, "https://bitik.sn", "");
    assert!(!html.contains("Défaut") && !html.contains("og-default"), "{html}");
    assert!(html.contains("<title>Chaîne &lt;script&gt;alert(1)&lt;/script&gt; | Bitik</title>"));
    assert!(html.contains("content=\"Dorée &amp; &quot;brillante&quot;\""));
    assert!(html.contains("<meta property=\"og:image\" content=\"https://bitik.sn/uploads/products/a/1200.jpg\" />"));
    assert!(html.contains("<link rel=\"canonical\" href=\"https://bitik.sn/product/chaine\" />"));
    assert!(html.contains("<meta charset=\"UTF-8\" />") && html.contains("src=\"/assets/index.js\""));
    assert!(!html.contains("</script><script>alert"), "JSON-LD cannot close its element");
    assert_eq!(html.matches("<title>").count(), 1);
    assert!(html.contains("<div id=\"root\"><p class=\"x\">Chaîne &lt;b&gt;</p></div>"), "{html}");
    let answers = html
        .split_once("<script type=\"application/json\" id=\"api-answers\">")
        .and_then(|(_, rest)| rest.split_once("</script>"))
        .map(|(json, _)| serde_json::from_str::<serde_json::Value>(json).expect("JSON"))
        .expect("the answers follow the painted view");
    assert_eq!(
        answers,
        json!({"/api/products?limit=12&page=1": {"data": {"name": "</script><script>alert(1)</script>"}}})
    );
}
