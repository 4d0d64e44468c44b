//! The build's hashed files: the brotli or gzip copy written at build time when the browser
//! accepts it, the file itself otherwise, each with the original's type and a year of cache.

use crate::helpers::{TempDir, get_accepting, header, spawn_app_with, unbrotli, ungzip, write_first_paint};

const SCRIPT: &str = "export const greeting = 'Bienvenue chez Bitik Dakar';\n";

/// A built storefront whose one script has both compressed copies beside it.
fn storefront() -> TempDir {
    let dir = TempDir::new();
    std::fs::write(dir.0.join("index.html"), "<!doctype html><html><head></head><body></body></html>").unwrap();
    let assets = dir.0.join("assets");
    std::fs::create_dir(&assets).unwrap();
    let script = SCRIPT.repeat(40);
    std::fs::write(assets.join("index-abc.js"), &script).unwrap();
    std::fs::write(assets.join("index-abc.js.br"), brotli(script.as_bytes())).unwrap();
    std::fs::write(assets.join("index-abc.js.gz"), gzip(script.as_bytes())).unwrap();
    std::fs::write(assets.join("plain-def.css"), "body { color: #151515 }\n".repeat(40)).unwrap();
    dir
}

fn brotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::BrotliCompress(&mut &bytes[..], &mut out, &brotli::enc::BrotliEncoderParams::default()).unwrap();
    out
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

#[tokio::test]
async fn a_script_comes_brotli_gzip_or_plain_as_the_browser_accepts_and_decodes_to_the_same_bytes() {
    let front = storefront();
    let app = spawn_app_with(&[("FRONTEND_DIR", front.0.to_str().unwrap())]).await;
    let original = SCRIPT.repeat(40).into_bytes();

    // What Chrome sends: brotli wins.
    let br = get_accepting(&app, "/assets/index-abc.js", Some("gzip, deflate, br, zstd")).await;
    assert_eq!(br.status(), 200);
    assert_eq!(header(&br, "content-encoding"), "br");
    assert!(header(&br, "content-type").starts_with("text/javascript"), "{}", header(&br, "content-type"));
    assert!(header(&br, "vary").to_ascii_lowercase().contains("accept-encoding"));
    assert_eq!(header(&br, "cache-control"), "public, max-age=31536000, immutable");
    let body = br.bytes().await.unwrap();
    assert_eq!(&body[..], &brotli(&original)[..], "the build's copy, not compressed again");
    assert_eq!(unbrotli(&body), original);

    let gz = get_accepting(&app, "/assets/index-abc.js", Some("gzip")).await;
    assert_eq!(header(&gz, "content-encoding"), "gzip");
    assert!(header(&gz, "content-type").starts_with("text/javascript"));
    assert_eq!(ungzip(&gz.bytes().await.unwrap()), original);

    let plain = get_accepting(&app, "/assets/index-abc.js", None).await;
    assert_eq!(plain.status(), 200);
    assert_eq!(header(&plain, "content-encoding"), "");
    assert!(header(&plain, "content-type").starts_with("text/javascript"));
    assert_eq!(&plain.bytes().await.unwrap()[..], &original[..]);

    // Brotli refused explicitly: gzip.
    let no_br = get_accepting(&app, "/assets/index-abc.js", Some("br;q=0, gzip")).await;
    assert_eq!(header(&no_br, "content-encoding"), "gzip");
}

#[tokio::test]
async fn a_file_without_copies_is_compressed_on_the_fly_and_copies_are_not_served_by_name() {
    let front = storefront();
    let app = spawn_app_with(&[("FRONTEND_DIR", front.0.to_str().unwrap())]).await;

    let css = get_accepting(&app, "/assets/plain-def.css", Some("br")).await;
    assert_eq!(css.status(), 200);
    assert_eq!(header(&css, "content-encoding"), "br");
    assert!(header(&css, "content-type").starts_with("text/css"));
    assert_eq!(unbrotli(&css.bytes().await.unwrap()), "body { color: #151515 }\n".repeat(40).into_bytes());

    for path in ["/assets/index-abc.js.br", "/assets/missing-123.js", "/assets/..%2Findex.html"] {
        let response = get_accepting(&app, path, Some("br")).await;
        assert_eq!(response.status(), 404, "{path}");
    }
}

/// A built storefront with Vite's manifest (an entry chunk, and lazy route chunks sharing one)
/// and the first-paint contract naming those route modules.
fn storefront_with_manifest() -> TempDir {
    let dir = TempDir::new();
    let index = "<!doctype html><html><head>\n<title>Bitik Dakar</title>\n\
        <script type=\"module\" crossorigin src=\"/assets/index-e1.js\"></script>\n\
        <link rel=\"stylesheet\" crossorigin href=\"/assets/index-e1.css\">\n</head><body><div id=\"root\"></div>\n\
        <script>keep_taps()</script></body></html>";
    std::fs::write(dir.0.join("index.html"), index).unwrap();
    std::fs::create_dir_all(dir.0.join(".vite")).unwrap();
    let manifest = serde_json::json!({
        "index.html": { "file": "assets/index-e1.js", "css": ["assets/index-e1.css"], "isEntry": true },
        "src/app/routes/home.tsx": { "file": "assets/home-h1.js", "imports": ["index.html", "_card-c1.js"], "css": ["assets/home-h1.css"] },
        "src/app/routes/product.tsx": { "file": "assets/product-p1.js", "imports": ["index.html", "_card-c1.js"] },
        "src/app/routes/products.tsx": { "file": "assets/products-l1.js", "imports": ["index.html"] },
        "_card-c1.js": { "file": "assets/card-c1.js", "imports": ["index.html"], "css": ["assets/card-c1.css"] },
    });
    std::fs::write(dir.0.join(".vite/manifest.json"), manifest.to_string()).unwrap();
    write_first_paint(&dir.0);
    dir
}

#[tokio::test]
async fn each_page_names_its_route_chunks_with_the_entry_and_preloads_its_largest_picture() {
    let front = storefront_with_manifest();
    let app = spawn_app_with(&[("FRONTEND_DIR", front.0.to_str().unwrap())]).await;

    // The route's chunks and their styles are fetched with the entry script, as is the picture.
    let home = app.get("/").await.text().await.unwrap();
    assert!(home.contains("<link rel=\"modulepreload\" crossorigin href=\"/assets/home-h1.js\" />"), "{home}");
    assert!(home.contains("<link rel=\"modulepreload\" crossorigin href=\"/assets/card-c1.js\" />"));
    assert!(home.contains("<link rel=\"preload\" as=\"style\" crossorigin href=\"/assets/home-h1.css\" />"));
    assert!(home.contains("<link rel=\"preload\" as=\"style\" crossorigin href=\"/assets/card-c1.css\" />"));
    assert!(
        !home.contains("href=\"/assets/index-e1.js\"")
            && !home.contains("as=\"style\" crossorigin href=\"/assets/index-e1.css"),
        "what index.html names is not named twice: {home}"
    );
    assert!(
        home.contains("<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"/images/hero/hero-1.svg\" />")
    );
    assert_eq!(home.matches("/assets/index-e1.js").count(), 1, "the entry is named once, by its script");
    assert!(!home.contains("product-p1.js"), "another page's chunk is not fetched");

    let listing = app.get("/products").await.text().await.unwrap();
    assert!(listing.contains("href=\"/assets/products-l1.js\""), "{listing}");
    assert!(!listing.contains("home-h1.js") && !listing.contains("as=\"image\""));

    app.product("Pull Teranga", 20_000, None, &[("noir", "M", 2)]).await;
    app.sql(
        "UPDATE products SET images = ARRAY['/uploads/products/abc123/800.jpg', '/uploads/products/def456/800.jpg']",
    )
    .await;
    let product = app.get("/product/pull-teranga").await.text().await.unwrap();
    assert!(product.contains("href=\"/assets/product-p1.js\"") && product.contains("href=\"/assets/card-c1.js\""));
    // The picture in WebP where the browser reads it, the JPEG elsewhere; the preload is the WebP
    // file the `<picture>` picks (a browser without WebP skips both).
    let sizes = "(min-width: 1200px) 600px, (min-width: 769px) 50vw, 100vw";
    let webp = "/uploads/products/abc123/400.webp 400w, /uploads/products/abc123/800.webp 800w, \
        /uploads/products/abc123/1200.webp 1200w";
    let jpg = "/uploads/products/abc123/400.jpg 400w, /uploads/products/abc123/800.jpg 800w, \
        /uploads/products/abc123/1200.jpg 1200w";
    assert!(
        product.contains(&format!(
            "<link rel=\"preload\" as=\"image\" type=\"image/webp\" fetchpriority=\"high\" imagesrcset=\"{webp}\" \
             imagesizes=\"{sizes}\" />"
        )),
        "{product}"
    );
    assert!(
        product.contains(&format!(
            "<picture><source type=\"image/webp\" srcset=\"{webp}\" sizes=\"{sizes}\" /><img class=\"first-paint-picture\" \
             alt=\"Pull Teranga\" width=\"800\" height=\"800\" fetchpriority=\"high\" \
             src=\"/uploads/products/abc123/800.jpg\" srcset=\"{jpg}\" sizes=\"{sizes}\" /></picture>"
        )),
        "{product}"
    );
    assert_eq!(product.matches("as=\"image\"").count(), 1, "only the first picture is the page's largest paint");
}
