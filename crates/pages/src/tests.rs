use bitik_catalog::{Color, Picture, Product, Size, Subcategory, fixtures};
use serde_json::json;

use crate::first_paint::Route;
use crate::head::{Head, answer, api_address, render};
use crate::shell::inline_script_hashes;
use crate::{Carried, Shell, Site};

#[test]
fn hashes_the_inline_scripts_only_as_the_browser_reads_them() {
    let template = "<head><script type=\"module\" src=\"/assets/index.js\"></script>\
        <script type=\"application/ld+json\">{}</script></head><body><div id=\"root\"></div>\
        <script>(()=>{start()})();</script></body>";
    // `printf '%s' '(()=>{start()})();' | openssl dgst -sha256 -binary | base64`
    assert_eq!(inline_script_hashes(template), ["'sha256-CGMmk7PRRO/pVTobcbx8FpgNrtTdcCChXbv1EgXtJJk='"]);
    assert_eq!(inline_script_hashes("<body><div id=\"root\"></div></body>"), Vec::<String>::new());
    // A comment naming a script element is no element: the inline script's hash is still its own.
    let commented = template.replace("<body>", "<body><!-- the shop (<script id=\"shop\">) is data -->");
    assert_eq!(inline_script_hashes(&commented), inline_script_hashes(template));
}

const TEMPLATE: &str = "<html><head>\n<title>Défaut</title>\n<meta name=\"description\" content=\"d\" />\n\
    <meta property=\"og:image\" content=\"/images/og-default.jpg\" />\n<meta property=\"og:site_name\" content=\"Bitik Dakar\" />\n<meta charset=\"UTF-8\" />\n\
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
        route: Route::Product,
        lcp_image: None,
        first_paint: Some("<p class=\"x\">Chaîne &lt;b&gt;</p>".into()),
        answers: answer(
            api_address("/products", &[("page", "1"), ("limit", "12")]),
            json!({"data": {"name": "</script><script>alert(1)</script>"}}),
        ),
    };
    let html = render(TEMPLATE, &head, SITE, "");
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

/// A built storefront in a folder of its own, removed when dropped.
struct Build(std::path::PathBuf);

impl Build {
    /// `index.html` and Vite's manifest (the route modules `src/app/routes/accueil.tsx` and
    /// `src/app/routes/article.tsx`), and `first_paint` as the contract when there is one.
    fn new(name: &str, first_paint: Option<&str>) -> Self {
        let dir = std::env::temp_dir().join(format!("bitik-pages-{}-{name}", std::process::id()));
        std::fs::create_dir_all(dir.join(".vite")).unwrap();
        std::fs::write(dir.join("index.html"), TEMPLATE).unwrap();
        let manifest = json!({
            "index.html": { "file": "assets/index.js", "isEntry": true },
            "src/app/routes/accueil.tsx": { "file": "assets/accueil-a1.js", "imports": ["index.html"] },
            "src/app/routes/article.tsx": { "file": "assets/article-b2.js", "imports": ["index.html"] },
        });
        std::fs::write(dir.join(".vite/manifest.json"), manifest.to_string()).unwrap();
        if let Some(first_paint) = first_paint {
            std::fs::write(dir.join(".vite/first-paint.json"), first_paint).unwrap();
        }
        Self(dir)
    }

    /// The shell of this build, and the warnings its loading logged.
    fn load(&self) -> (Shell, Vec<String>) {
        let log = Log::default();
        let writer = log.clone();
        let subscriber =
            tracing_subscriber::fmt().with_writer(move || writer.clone()).with_ansi(false).without_time().finish();
        let shell = tracing::subscriber::with_default(subscriber, || Shell::load(&self.0.join("index.html")));
        let text = String::from_utf8(log.0.lock().unwrap().clone()).unwrap();
        (shell.expect("index.html is there"), text.lines().filter(|l| l.contains("WARN")).map(str::to_owned).collect())
    }
}

impl Drop for Build {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[derive(Clone, Default)]
struct Log(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Log {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The contract the storefront's build writes (the fixture its own test holds to that shape),
/// with values of another storefront than today's: what is painted can only come from it.
fn other_contract() -> String {
    let mut contract: serde_json::Value = serde_json::from_str(include_str!("../testdata/first-paint.json")).unwrap();
    contract["routes"]["home"] = json!("src/app/routes/accueil.tsx");
    contract["routes"]["product"] = json!("src/app/routes/article.tsx");
    contract["hero"] = json!({ "firstImage": "/images/hero/saison.svg", "width": 1200, "height": 900 });
    contract["productImageSizes"] = json!("100vw");
    contract["headerIcons"] =
        json!({ "menu": ["M1 1h9"], "search": ["M2 2h8", "M3 3h7"], "cart": ["M4 4h6"], "account": ["M5 5h5"] });
    contract["listing"] = json!({
        "pageSize": 8, "firstCards": 2, "priorityCards": 1, "cardImageSizes": "33vw", "params": ["page", "couleur"],
    });
    contract.to_string()
}

const SITE: Site = Site {
    shop_name: "Bitik Dakar",
    public_url: "https://bitik.sn",
    shop_json: r#"{"name":"Bitik Dakar","phone":"+221 77 000 00 00"}"#,
};

fn pictured(name: &str, picture: &str) -> Product {
    let mut product = fixtures::product(name, Subcategory::TShirt, chrono::Utc::now());
    product.pictures = vec![Picture::any_color(format!("/uploads/products/{picture}/800.jpg"))];
    product
}

#[test]
fn a_product_page_paints_and_preloads_the_first_picture_of_the_colour_it_opens_on() {
    let build = Build::new("colours", Some(&other_contract()));
    let (shell, _) = build.load();
    let [rouge, blanc] = [Color::parse("rouge").unwrap(), Color::parse("blanc").unwrap()];
    let mut shirt = pictured("Chemise Rayée", "unused");
    shirt.colors = vec![rouge.clone(), blanc.clone()];
    shirt.pictures =
        vec![Picture::of("/uploads/products/a1/800.jpg", &rouge), Picture::of("/uploads/products/b1/800.jpg", &blanc)];
    // Red is sold out: the page opens on white (`initialSelection`), and shows white's picture.
    shirt.stock.set(rouge, Size::M, 0);
    shirt.stock.set(blanc, Size::M, 3);
    let html = shell.product(SITE, &shirt, None);
    let (head, body) = html.split_once("<div id=\"root\">").unwrap();
    assert!(head.contains("imagesrcset=\"/uploads/products/b1/400.webp 400w"), "{head}");
    assert!(body.contains("src=\"/uploads/products/b1/800.jpg\""), "{body}");
    let preload = head.split("<link rel=\"preload\"").nth(1).unwrap().split_once("/>").unwrap().0;
    assert!(!preload.contains("/a1/") && !body.contains("/a1/"), "red's picture is neither preloaded nor painted");
}

fn root(html: &str) -> &str {
    html.split_once("<div id=\"root\">").unwrap().1
}

#[test]
fn a_shell_paints_what_the_storefronts_build_says_it_renders() {
    let build = Build::new("contract", Some(&other_contract()));
    let (shell, warnings) = build.load();
    assert_eq!(warnings, Vec::<String>::new());

    let home = shell.home(SITE);
    assert!(
        home.contains("<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"/images/hero/saison.svg\" />"),
        "{home}"
    );
    let icon = |paths: &str| {
        format!(
            "<svg width=\"24\" height=\"24\" viewBox=\"0 0 24 24\" fill=\"none\" stroke=\"currentColor\" \
             stroke-width=\"1.8\" stroke-linecap=\"round\" stroke-linejoin=\"round\" aria-hidden=\"true\" \
             focusable=\"false\">{paths}</svg>"
        )
    };
    let header = format!(
        "<div class=\"container first-paint-bar\">\
         <a class=\"first-paint-icon first-paint-phone\" href=\"/products\" aria-label=\"Ouvrir le menu\" data-tap=\"menu\">{}</a>\
         <a class=\"first-paint-logo\" href=\"/\" aria-label=\"Bitik Dakar — accueil\">Bitik Dakar</a>\
         <div class=\"first-paint-actions\">\
         <a class=\"first-paint-icon first-paint-phone\" href=\"/products\" aria-label=\"Ouvrir la recherche\" data-tap=\"search\">{}</a>\
         <a class=\"first-paint-icon\" href=\"/cart\" aria-label=\"Panier\" data-tap=\"cart\">{}</a>\
         <a class=\"first-paint-icon first-paint-phone\" href=\"/account\" aria-label=\"Mon compte\" data-tap=\"account\">{}</a>\
         </div></div>",
        icon("<path d=\"M1 1h9\" />"),
        icon("<path d=\"M2 2h8\" /><path d=\"M3 3h7\" />"),
        icon("<path d=\"M4 4h6\" />"),
        icon("<path d=\"M5 5h5\" />"),
    );
    let hero = "<img class=\"first-paint-hero\" src=\"/images/hero/saison.svg\" alt=\"\" width=\"1200\" height=\"900\" \
                fetchpriority=\"high\" />";
    assert!(root(&home).starts_with(&format!("{header}{hero}")), "{home}");
    assert!(home.contains("<link rel=\"modulepreload\" crossorigin href=\"/assets/accueil-a1.js\" />"));

    let product = shell.product(SITE, &pictured("Pull Sahel", "abc123"), None);
    assert!(product.contains("imagesizes=\"100vw\" />") && product.contains("href=\"/assets/article-b2.js\""));
    assert_eq!(root(&product).matches("sizes=\"100vw\"").count(), 2, "the WebP source and the <img>: {product}");

    assert_eq!(shell.first_listing_page_size(["fbclid", "utm_source", "colors"].into_iter()), Some(8));
    assert_eq!(shell.first_listing_page_size(["couleur"].into_iter()), None);
    assert_eq!(shell.first_listing_page_size(["page"].into_iter()), None);

    let products = [pictured("Tee Un", "p1"), pictured("Tee Deux", "p2"), pictured("Tee Trois", "p3")];
    let carried = Carried { address: api_address("/products", &[("page", "1"), ("limit", "8")]), body: json!({}) };
    let listing = shell.products(SITE, Some((&products, carried)));
    let cards = root(&listing).split("<li>").skip(1).collect::<Vec<_>>();
    assert_eq!(cards.len(), 2, "{listing}");
    assert!(cards[0].contains("fetchpriority=\"high\"") && !cards[1].contains("fetchpriority"), "{listing}");
    assert_eq!(root(&listing).matches("sizes=\"33vw\"").count(), 4, "{listing}");
    assert!(listing.contains("imagesizes=\"33vw\" />") && listing.contains("\"/api/products?limit=8&page=1\""));
}

#[test]
fn a_build_without_a_readable_contract_is_served_without_first_views_or_preloads_and_says_so_once() {
    for (name, first_paint) in
        [("none", None), ("not-json", Some("<html>")), ("older", Some("{\"routes\": {}, \"productImageSizes\": \"\"}"))]
    {
        let build = Build::new(name, first_paint);
        let (shell, warnings) = build.load();
        assert_eq!(warnings.len(), 1, "{name}: {warnings:?}");
        assert!(warnings[0].contains(".vite/first-paint.json"), "{name}: {warnings:?}");

        let product = pictured("Pull Sahel", "abc123");
        let carried = Carried { address: api_address("/products/pull-sahel", &[]), body: json!({"data": {}}) };
        let products = [product.clone()];
        let listing_answer = Carried { address: api_address("/products", &[]), body: json!({}) };
        for html in [
            shell.home(SITE),
            shell.product(SITE, &product, Some(carried.clone())),
            shell.products(SITE, Some((&products, listing_answer))),
        ] {
            assert!(html.contains("<title>") && html.contains("<link rel=\"canonical\""), "{name}: {html}");
            assert!(!html.contains("as=\"image\"") && !html.contains("modulepreload"), "{name}: {html}");
            assert!(!html.contains("first-paint"), "{name}: {html}");
        }
        assert!(shell.product(SITE, &product, Some(carried)).contains("id=\"api-answers\""), "the API's own answer");
        assert_eq!(shell.first_listing_page_size(std::iter::empty()), None, "{name}");
    }
}

/// The text of each `<script …>` element of `html` whose opening tag contains `kind`, up to the
/// first `</script` as a browser finds it.
fn scripts<'a>(html: &'a str, kind: &str) -> Vec<&'a str> {
    html.split("<script")
        .skip(1)
        .filter_map(|element| element.split_once('>'))
        .filter(|(tag, _)| tag.contains(kind))
        .map(|(_, rest)| rest.split_once("</script").map_or(rest, |(text, _)| text))
        .collect()
}

#[test]
fn a_product_named_like_markup_cannot_end_or_swallow_the_pages_inline_json() {
    let build = Build::new("markup-name", Some(&other_contract()));
    let (shell, _) = build.load();
    let name = "</script><!--<script> & <b>";
    let product = pictured(name, "abc123");
    let answer = Carried {
        address: api_address(&format!("/products/{}", product.slug.as_str()), &[]),
        body: json!({"data": {"name": name}}),
    };
    let html = shell.product(SITE, &product, Some(answer));

    let (structured, answers) = (scripts(&html, "application/ld+json"), scripts(&html, "id=\"api-answers\""));
    assert_eq!((structured.len(), answers.len()), (1, 1), "{html}");
    for json in [structured[0], answers[0]] {
        // Without a `<` inside, no `</script` can end it early and no `<!--<script` can start
        // the state where the browser skips the real `</script>`.
        assert!(!json.contains(['<', '>']), "{json}");
    }
    let structured: serde_json::Value = serde_json::from_str(structured[0]).unwrap();
    assert_eq!(structured["name"], name, "a JSON reader reads the name as it is");
    let answers: serde_json::Value = serde_json::from_str(answers[0]).unwrap();
    assert_eq!(answers[format!("/api/products/{}", product.slug.as_str())]["data"]["name"], name);

    // What follows the JSON-LD is still the page: one head, its mount point, its body's end.
    let after = html.split_once("application/ld+json").unwrap().1;
    assert_eq!((html.matches("</head>").count(), after.matches("</head>").count()), (1, 1), "{html}");
    assert_eq!(after.matches("<div id=\"root\">").count(), 1, "{html}");
    assert!(html.trim_end().ends_with("</body></html>"), "{html}");
}

/// The shop as a page carries it, read back as the storefront reads it.
fn carried_shop(html: &str) -> serde_json::Value {
    let (_, rest) = html.split_once("<script type=\"application/json\" id=\"shop\">").expect("the shop's element");
    serde_json::from_str(rest.split_once("</script>").unwrap().0).expect("JSON")
}

#[test]
fn every_page_carries_the_shop_and_names_it_in_its_head() {
    let build = Build::new("shop", Some(&other_contract()));
    let (shell, _) = build.load();
    let json = r#"{"name":"Teranga </script><script>alert(1)</script>","phone":"+221 33 800 00 00"}"#;
    let site = Site { shop_name: "Teranga </script> Wear", public_url: "https://teranga.sn", shop_json: json };
    let pages = [
        shell.home(site),
        shell.products(site, None),
        shell.product(site, &pictured("Pull Sahel", "abc123"), None),
        shell.product_not_found(site),
        shell.all_products(site),
        shell.other(site, "/about"),
    ];
    for html in &pages {
        assert_eq!(carried_shop(html), serde_json::from_str::<serde_json::Value>(json).unwrap(), "{html}");
        assert!(!html.contains("</script><script>alert"), "the shop's JSON cannot close its element");
        assert_eq!(html.matches("id=\"shop\"").count(), 1);
        assert!(html.contains("<meta property=\"og:site_name\" content=\"Teranga &lt;/script&gt; Wear\" />"));
        assert_eq!(html.matches("og:site_name").count(), 1, "the build's own is replaced");
    }
    let other = &pages[5];
    assert!(other.contains("<title>Teranga &lt;/script&gt; Wear — Mode urbaine à Dakar</title>"), "{other}");
    assert!(other.contains("<link rel=\"canonical\" href=\"https://teranga.sn/about\" />"));
    assert!(other.contains("<div id=\"root\"></div>"), "nothing painted: the storefront renders it");
    // The inline script's hash is the build's: the shop's data changes nothing the policy allows.
    assert_eq!(inline_script_hashes(other), inline_script_hashes(TEMPLATE));
}
