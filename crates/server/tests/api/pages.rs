//! What crawlers without JavaScript get: share cards, the sitemap, robots; and the newsletter
//! export.

use reqwest::Method;
use serde_json::json;

use crate::helpers::{TempDir, spawn_app, spawn_app_with, write_first_paint};

/// A built storefront reduced to the tags the server replaces and one it must keep, and what its
/// build says the pages paint.
fn storefront() -> TempDir {
    let dir = storefront_without_first_paint();
    write_first_paint(&dir.0);
    dir
}

/// The same built before the storefront wrote what its pages paint.
fn storefront_without_first_paint() -> TempDir {
    let dir = TempDir::new();
    let index = "<!doctype html><html lang=\"fr\"><head>\n<meta charset=\"UTF-8\" />\n<title>Bitik Dakar — Mode urbaine à Dakar</title>\n\
        <meta name=\"description\" content=\"Défaut\" />\n<meta property=\"og:image\" content=\"/images/og-default.jpg\" />\n\
        <script type=\"module\" crossorigin src=\"/assets/index-abc.js\"></script>\n</head><body><div id=\"root\"></div></body></html>";
    std::fs::write(dir.0.join("index.html"), index).unwrap();
    dir
}

#[tokio::test]
async fn a_product_link_carries_its_title_image_and_offer_without_javascript() {
    let front = storefront();
    let app = spawn_app_with(&[("FRONTEND_DIR", front.0.to_str().unwrap()), ("PUBLIC_URL", "https://bitik.sn")]).await;
    app.product("Chaîne Cubaine Dorée", 25_000, Some(21_000), &[("doré", "M", 2)]).await;
    let response = app.get("/product/chaine-cubaine-doree").await;
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
    let html = response.text().await.unwrap();
    assert!(html.contains("<title>Chaîne Cubaine Dorée | Bitik Dakar</title>"), "{html}");
    assert!(
        html.contains("<meta property=\"og:image\" content=\"https://bitik.sn/images/placeholder.jpg\" />"),
        "{html}"
    );
    assert!(html.contains("<link rel=\"canonical\" href=\"https://bitik.sn/product/chaine-cubaine-doree\" />"));
    assert!(html.contains("\"priceCurrency\":\"XOF\"") && html.contains("\"price\":21000"));
    assert!(html.contains("https://schema.org/InStock"));
    assert!(html.contains("src=\"/assets/index-abc.js\""), "the app still loads");
    assert!(!html.contains("Défaut"));
    let missing = app.get("/product/nothing-here").await.text().await.unwrap();
    assert!(missing.contains("<title>Produit non trouvé | Bitik Dakar</title>"));
}

/// A phone paints the header bar and the page's largest picture from the HTML, before
/// the script has run; the header's controls are real links; user text in it is escaped.
#[tokio::test]
async fn home_and_product_pages_paint_their_largest_picture_before_the_script() {
    let front = storefront();
    let app = spawn_app_with(&[("FRONTEND_DIR", front.0.to_str().unwrap())]).await;
    let home = app.get("/").await.text().await.unwrap();
    let painted = home.split_once("<div id=\"root\">").unwrap().1;
    assert!(painted.starts_with("<div class=\"container first-paint-bar\">"), "{home}");
    for control in [
        "<a class=\"first-paint-logo\" href=\"/\" aria-label=\"Bitik Dakar — accueil\">Bitik Dakar</a>",
        "href=\"/products\" aria-label=\"Ouvrir le menu\" data-tap=\"menu\"",
        "href=\"/products\" aria-label=\"Ouvrir la recherche\" data-tap=\"search\"",
        "href=\"/cart\" aria-label=\"Panier\" data-tap=\"cart\"",
        "href=\"/account\" aria-label=\"Mon compte\" data-tap=\"account\"",
    ] {
        assert!(painted.contains(control), "{control}: {home}");
    }
    assert!(
        painted.contains(
            "</div></div><img class=\"first-paint-hero\" src=\"/images/hero/hero-1.svg\" alt=\"\" width=\"1600\" \
             height=\"1000\" fetchpriority=\"high\" /></div>"
        ),
        "the header, then the hero: {home}"
    );
    let id = app.product("Chaîne <script>alert(1)</script> & \"Or\"", 25_000, None, &[("doré", "M", 2)]).await;
    let product = app.get(&format!("/product/{id}")).await.text().await.unwrap();
    assert!(
        product.contains(
            "<div class=\"container first-paint-product\"><div class=\"first-paint-trail\">&nbsp;</div>\
             <img class=\"first-paint-picture\" alt=\"Chaîne &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Or&quot;\" \
             width=\"800\" height=\"800\" fetchpriority=\"high\" src=\"/images/placeholder.jpg\" />"
        ),
        "{product}"
    );
    let body = product.split_once("<body>").unwrap().1;
    assert!(!body.contains("<script>alert"), "{body}");
}

/// Where a browser ends the script element whose text starts at `start`, by HTML's script data
/// states: after a `<!--`, a `<script` makes it skip the next `</script>` until a `-->`.
fn script_end(html: &str, start: usize) -> usize {
    #[derive(Clone, Copy)]
    enum State {
        Data,
        Escaped,
        DoubleEscaped,
    }
    let lower = html.to_ascii_lowercase();
    let tag = |at: usize, name: &str| {
        lower[at..].starts_with(name)
            && matches!(lower.as_bytes().get(at + name.len()), Some(b'\t' | b'\n' | b'\x0c' | b' ' | b'/' | b'>'))
    };
    let (mut state, mut at) = (State::Data, start);
    while at < lower.len() {
        let rest = &lower[at..];
        let (next, step) = match state {
            State::Data | State::Escaped if tag(at, "</script") => return at,
            State::Data if rest.starts_with("<!--") => (State::Escaped, 4),
            State::Escaped if tag(at, "<script") => (State::DoubleEscaped, 7),
            State::DoubleEscaped if tag(at, "</script") => (State::Escaped, 8),
            State::Escaped | State::DoubleEscaped if rest.starts_with("-->") => (State::Data, 3),
            state => (state, rest.chars().next().map_or(1, char::len_utf8)),
        };
        (state, at) = (next, at + step);
    }
    lower.len()
}

/// The text of the first script element whose opening tag contains `kind`, as a browser reads
/// it, and what the browser reads after it.
fn script_as_read<'a>(html: &'a str, kind: &str) -> (&'a str, &'a str) {
    let opening = html.find(kind).unwrap_or_else(|| panic!("no {kind}: {html}"));
    let start = opening + html[opening..].find('>').unwrap() + 1;
    let end = script_end(html, start);
    (&html[start..end], &html[end..])
}

#[tokio::test]
async fn a_product_named_like_markup_leaves_its_page_whole() {
    let front = storefront();
    let app = spawn_app_with(&[("FRONTEND_DIR", front.0.to_str().unwrap())]).await;
    let name = "</script><!--<script> Tee";
    app.product(name, 10_000, None, &[("noir", "M", 2)]).await;
    let html = app.get("/product/script-script-tee").await.text().await.unwrap();

    let (structured, after) = script_as_read(&html, "<script type=\"application/ld+json\">");
    let structured: serde_json::Value = serde_json::from_str(structured).unwrap_or_else(|_| panic!("{html}"));
    assert_eq!(structured["name"], name);
    assert!(after.starts_with("</script>"), "the JSON-LD ends where it should: {after}");
    assert_eq!((html.matches("</head>").count(), after.matches("</head>").count()), (1, 1), "{html}");
    assert_eq!(after.matches("<div id=\"root\">").count(), 1, "{html}");
    let (answers, after) = script_as_read(after, "id=\"api-answers\"");
    let answers: serde_json::Value = serde_json::from_str(answers).unwrap_or_else(|_| panic!("{html}"));
    assert_eq!(answers["/api/products/script-script-tee"]["data"]["name"], name);
    assert!(after.starts_with("</script>") && after.trim_end().ends_with("</body></html>"), "{after}");
}

/// The API answers a page carries for the storefront's client (`lib/api-client.ts`), if any.
fn carried_answers(html: &str) -> Option<serde_json::Value> {
    let (_, rest) = html.split_once("<script type=\"application/json\" id=\"api-answers\">")?;
    Some(serde_json::from_str(rest.split_once("</script>")?.0).expect("carried answers are JSON"))
}

/// A product page reached by its slug, and `/products`, carry the API answers their
/// first render asks for, exactly as the API gives them: the storefront renders without asking
/// again. A name cannot end the element early; a page the storefront asks other things for
/// carries nothing.
#[tokio::test]
async fn pages_carry_the_api_answers_their_first_render_asks_for() {
    let front = storefront();
    let app = spawn_app_with(&[("FRONTEND_DIR", front.0.to_str().unwrap())]).await;
    let id = app.product("Chaîne </script><script>alert(1)</script>", 25_000, Some(21_000), &[("doré", "M", 2)]).await;
    let by_id: serde_json::Value = app.get(&format!("/api/products/{id}")).await.json().await.unwrap();
    let slug = by_id["data"]["slug"].as_str().unwrap().to_owned();

    let product = app.get(&format!("/product/{slug}")).await.text().await.unwrap();
    let api: serde_json::Value = app.get(&format!("/api/products/{slug}")).await.json().await.unwrap();
    assert_eq!(carried_answers(&product), Some(json!({ format!("/api/products/{slug}"): api })), "{product}");
    assert!(!product.split_once("<body>").unwrap().1.contains("<script>alert"), "{product}");
    let product_by_id = app.get(&format!("/product/{id}")).await.text().await.unwrap();
    assert_eq!(carried_answers(&product_by_id), None, "{product_by_id}");

    let listing = app.get("/products").await.text().await.unwrap();
    let api: serde_json::Value = app.get("/api/products?page=1&limit=12").await.json().await.unwrap();
    assert_eq!(carried_answers(&listing), Some(json!({ "/api/products?limit=12&page=1": api })), "{listing}");
    let filtered = app.get("/products?page=2").await.text().await.unwrap();
    assert_eq!(carried_answers(&filtered), None, "{filtered}");
}

/// The `/products` painted by the server: its first cards' links, in the order the page lives in.
fn painted_cards(html: &str) -> Vec<&str> {
    let root = html.split_once("<div id=\"root\">").unwrap().1;
    root.split("<a class=\"first-paint-card\" href=\"/product/")
        .skip(1)
        .map(|card| card.split('"').next().unwrap())
        .collect()
}

/// `/products` paints its title and the first cards of the page the storefront asks for
/// first (`?page=1&limit=12`), in its order, with escaped names and the cards' prices; the first
/// picture is preloaded.
#[tokio::test]
async fn the_listing_paints_the_first_cards_of_its_first_page() {
    let front = storefront();
    let app = spawn_app_with(&[("FRONTEND_DIR", front.0.to_str().unwrap())]).await;
    app.product("Pull Caché", 20_000, None, &[("noir", "M", 2)]).await;
    for name in ["T-shirt Teranga", "Chaîne Dorée", "Pull Sahel", "Lunettes Jaunes"] {
        app.product(name, 10_000, None, &[("noir", "M", 2)]).await;
    }
    app.product("Chaîne <script>alert(1)</script> & \"Or\"", 25_000, Some(21_000), &[("doré", "M", 2)]).await;
    app.sql("UPDATE products SET active = false WHERE slug = 'pull-cache'").await;

    let api: serde_json::Value = app.get("/api/products?page=1&limit=12").await.json().await.unwrap();
    let listed: Vec<&str> = api["data"].as_array().unwrap().iter().map(|p| p["slug"].as_str().unwrap()).collect();
    assert_eq!(listed.len(), 5, "{api}");
    let html = app.get("/products").await.text().await.unwrap();
    assert_eq!(painted_cards(&html), listed[..4], "{html}");
    assert!(html.contains("<h1 class=\"first-paint-title\">Tous nos produits</h1>"), "{html}");
    assert!(html.contains("<a class=\"first-paint-logo\" href=\"/\" aria-label=\"Bitik Dakar — accueil\">"), "{html}");
    assert!(
        html.contains(
            "<img class=\"first-paint-card-picture\" alt=\"Chaîne &lt;script&gt;alert(1)&lt;/script&gt; &amp; \
             &quot;Or&quot;\" width=\"800\" height=\"800\" fetchpriority=\"high\" src=\"/images/placeholder.jpg\" /><h3 class=\"first-paint-card-name\">Chaîne &lt;script&gt;alert(1)&lt;/script&gt; \
             &amp; &quot;Or&quot;</h3><p class=\"first-paint-prices\"><span class=\"visually-hidden\">Prix promotionnel :</span>\
             <span class=\"first-paint-promo\">21 000 FCFA</span><span class=\"visually-hidden\">au lieu de</span>\
             <s class=\"first-paint-original\">25 000 FCFA</s></p>"
        ),
        "{html}"
    );
    assert!(html.contains("<span class=\"first-paint-price\">10 000 FCFA</span>"), "{html}");
    assert!(
        html.contains("<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"/images/placeholder.jpg\" />"),
        "{html}"
    );
    assert!(!html.split_once("<body>").unwrap().1.contains("<script>alert"), "{html}");

    // Links shared on WhatsApp or Facebook carry tracking parameters the storefront ignores.
    let shared = app.get("/products?fbclid=abc&utm_source=whatsapp").await.text().await.unwrap();
    assert_eq!(painted_cards(&shared), listed[..4]);
}

/// A filtered, sorted or later page, an empty catalogue or a database that fails: nothing is
/// painted rather than other products than the storefront's.
#[tokio::test]
async fn the_listing_paints_nothing_it_cannot_vouch_for() {
    let front = storefront();
    let app = spawn_app_with(&[("FRONTEND_DIR", front.0.to_str().unwrap())]).await;
    let empty = app.get("/products").await.text().await.unwrap();
    assert!(empty.contains("<div id=\"root\"></div>"), "an empty catalogue: {empty}");
    assert!(!empty.contains("as=\"image\""), "{empty}");

    app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 2)]).await;
    assert_eq!(painted_cards(&app.get("/products").await.text().await.unwrap()), ["t-shirt-teranga"]);
    for query in ["category=vetement", "page=2", "sort=price-asc", "search=pull", "new=true", "colors=noir", "pa%67e=2"]
    {
        let html = app.get(&format!("/products?{query}")).await.text().await.unwrap();
        assert!(html.contains("<div id=\"root\"></div>"), "{query}: {html}");
    }

    app.sql("ALTER TABLE products RENAME TO products_away").await;
    let response = app.get("/products").await;
    assert_eq!(response.status(), 200, "the page still loads the storefront");
    let failed = response.text().await.unwrap();
    assert!(failed.contains("<div id=\"root\"></div>") && failed.contains("src=\"/assets/index-abc.js\""), "{failed}");
}

/// A storefront built before its build said what the pages paint: every page is served, with its
/// own head and what the API itself answers, but nothing painted or preloaded that React might not
/// use.
#[tokio::test]
async fn a_storefront_built_without_its_first_paint_contract_is_served_without_first_views() {
    let front = storefront_without_first_paint();
    let app = spawn_app_with(&[("FRONTEND_DIR", front.0.to_str().unwrap())]).await;
    app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 2)]).await;
    for (path, title) in [
        ("/", "<title>Bitik Dakar — Mode urbaine à Dakar</title>"),
        ("/products", "<title>Tous nos produits | Bitik Dakar</title>"),
        ("/product/t-shirt-teranga", "<title>T-shirt Teranga | Bitik Dakar</title>"),
        ("/category/vetement", "<title>Vêtements | Bitik Dakar</title>"),
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        let html = response.text().await.unwrap();
        assert!(html.contains(title) && html.contains("src=\"/assets/index-abc.js\""), "{path}: {html}");
        assert!(html.contains("<div id=\"root\"></div>") && !html.contains("as=\"image\""), "{path}: {html}");
    }
    assert_eq!(carried_answers(&app.get("/products").await.text().await.unwrap()), None);
    let api: serde_json::Value = app.get("/api/products/t-shirt-teranga").await.json().await.unwrap();
    let product = app.get("/product/t-shirt-teranga").await.text().await.unwrap();
    assert_eq!(carried_answers(&product), Some(json!({ "/api/products/t-shirt-teranga": api })), "{product}");
}

#[tokio::test]
async fn the_sitemap_lists_pages_categories_and_active_products_and_robots_names_it() {
    let app = spawn_app_with(&[("PUBLIC_URL", "https://bitik.sn")]).await;
    app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 2)]).await;
    app.product("Pull Caché", 20_000, None, &[("noir", "M", 2)]).await;
    app.sql("UPDATE products SET active = false WHERE slug = 'pull-cache'").await;
    let sitemap = app.get("/sitemap.xml").await;
    assert!(sitemap.headers()["content-type"].to_str().unwrap().starts_with("application/xml"));
    let xml = sitemap.text().await.unwrap();
    for path in [
        "/",
        "/products",
        "/category/vetement/t-shirt",
        "/category/accessoire/chaine",
        "/product/t-shirt-teranga",
        "/about",
        "/terms",
    ] {
        assert!(xml.contains(&format!("<loc>https://bitik.sn{path}</loc>")), "{path} missing from {xml}");
    }
    assert!(!xml.contains("pull-cache"), "inactive products stay out");
    let robots = app.get("/robots.txt").await.text().await.unwrap();
    for rule in [
        "Disallow: /admin",
        "Disallow: /account",
        "Disallow: /checkout",
        "Disallow: /api/",
        "Disallow: /confirm/",
        "Sitemap: https://bitik.sn/sitemap.xml",
    ] {
        assert!(robots.contains(rule), "{rule}");
    }
}

#[tokio::test]
async fn only_admins_download_the_newsletter() {
    let app = spawn_app().await;
    for email in ["awa@example.sn", "moussa@example.sn", "awa@example.sn"] {
        app.post_json("/api/newsletter", &json!({ "email": email })).await;
    }
    assert_eq!(app.get("/api/admin/newsletter.csv").await.status(), 401);
    let (customer, _) = app.register("client@example.sn", "secret1").await;
    assert_eq!(app.send(Method::GET, "/api/admin/newsletter.csv", Some(&customer), None).await.status(), 403);
    let admin = app.admin_token().await;
    let response = app.send(Method::GET, "/api/admin/newsletter.csv", Some(&admin), None).await;
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/csv"));
    let csv = response.text().await.unwrap();
    let emails: Vec<&str> = csv.lines().skip(1).map(|l| l.split(',').next().unwrap()).collect();
    assert_eq!(csv.lines().next(), Some("email,subscribedAt"));
    assert_eq!(emails, ["awa@example.sn", "moussa@example.sn"]);
}

/// An order link of the first version (`/order/{id}`) still reaches the order, at its address now.
#[tokio::test]
async fn an_old_order_link_moves_to_the_order_page() {
    let app = spawn_app().await;
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let id = "0b6f3c1e-5d2a-4c7e-9a41-2f8e6d9b1c30";
    let moved = client.get(app.url(&format!("/order/{id}"))).send().await.unwrap();
    assert_eq!(moved.status(), 301);
    assert_eq!(moved.headers()["location"], format!("/orders/{id}").as_str());
    let elsewhere = client.get(app.url("/order/%2F%2Fevil.example")).send().await.unwrap();
    assert_eq!(elsewhere.status(), 404, "a path that is no id is not carried into the answer");
    assert!(elsewhere.headers().get("location").is_none());
}

/// The shop a page carries for the storefront (`frontend/src/lib/shop.ts`), as a browser reads it.
fn carried_shop(html: &str) -> serde_json::Value {
    let (json, after) = script_as_read(html, "<script type=\"application/json\" id=\"shop\">");
    assert!(after.starts_with("</script>"), "{html}");
    serde_json::from_str(json).unwrap_or_else(|_| panic!("{html}"))
}

#[tokio::test]
async fn every_page_says_the_shop_of_the_servers_settings_without_a_rebuild() {
    // One build, two shops: what a page says of the shop comes from the server's SHOP_*.
    let front = storefront();
    let dir = front.0.to_str().unwrap();
    let bitik = spawn_app_with(&[("FRONTEND_DIR", dir)]).await;
    let teranga = spawn_app_with(&[
        ("FRONTEND_DIR", dir),
        ("SHOP_NAME", "Teranga </script> Wear"),
        ("SHOP_PHONE", "+221 33 800 00 00"),
        ("SHOP_WHATSAPP", "221338000000"),
        ("SHOP_EMAIL", "bonjour@teranga.sn"),
        ("SHOP_HOURS", "Tous les jours : 10h - 20h"),
        ("SHOP_INSTAGRAM", "off"),
    ])
    .await;
    let answer: serde_json::Value = teranga.get("/api/shop").await.json().await.unwrap();
    let shop = &answer["data"];
    assert_eq!(
        (shop["name"].as_str(), shop["whatsapp"].as_str(), shop["hours"].as_str()),
        (Some("Teranga </script> Wear"), Some("221338000000"), Some("Tous les jours : 10h - 20h"))
    );
    assert_eq!(
        shop["social"],
        json!({"instagram": "", "facebook": "https://www.facebook.com/bitikdakar",
                                      "tiktok": "https://www.tiktok.com/@bitikdakar"})
    );
    // The server's own pages, the router's pages (any other path), and the build's file by name.
    for path in ["/", "/products", "/category/vetement", "/about", "/checkout", "/admin/orders", "/index.html"] {
        let response = teranga.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/html"), "{path}");
        let policy = response.headers()["content-security-policy"].to_str().unwrap().to_owned();
        assert!(!policy.contains("unsafe-inline"), "{path}: {policy}");
        let html = response.text().await.unwrap();
        assert_eq!(&carried_shop(&html), shop, "{path}: the page carries GET /api/shop's answer");
        assert!(html.contains("<meta property=\"og:site_name\" content=\"Teranga &lt;/script&gt; Wear\" />"), "{path}");
        let title = html.split_once("<title>").and_then(|(_, rest)| rest.split_once("</title>")).unwrap().0;
        assert!(title.contains("Teranga &lt;/script&gt; Wear"), "{path}: {title}");
        assert!(!html.contains("Bitik"), "{path}: nothing of the build's shop is left: {html}");
        assert_eq!(html.matches("</head>").count(), 1, "{path}");
    }
    let other = bitik.get("/about").await.text().await.unwrap();
    assert_eq!(carried_shop(&other)["name"], "Bitik Dakar");
    assert!(other.contains("<title>Bitik Dakar — Mode urbaine à Dakar</title>"), "{other}");
    assert!(other.contains("<link rel=\"canonical\" href=\"http://localhost:"), "{other}");
    // A missing file stays a 404, never the page.
    assert_eq!(teranga.get("/assets/missing.js").await.status(), 404);
    assert_eq!(teranga.get("/favicon.ico").await.status(), 404);
}
