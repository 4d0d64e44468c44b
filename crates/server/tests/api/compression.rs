//! The API's answers on the wire: a catalogue page compressed as the client accepts it, and
//! decoding to the very answer an uncompressing client gets; answers that fit in one packet sent
//! as they are.

use crate::helpers::{TestApp, get_accepting, header, spawn_app, unbrotli, ungzip};

const PAGE: &str = "/api/products?page=1&limit=12";

/// A page of six products: several kilobytes of JSON.
async fn catalogue(app: &TestApp) {
    for name in ["Tee Médina", "Tee Sandaga", "Tee Ngor", "Tee Yoff", "Tee Ouakam", "Tee Soumbédioune"] {
        app.product(name, 12_000, None, &[("noir", "M", 5), ("blanc", "L", 3)]).await;
    }
}

#[tokio::test]
async fn a_catalogue_page_decodes_to_the_plain_answer_and_follows_a_price_change() {
    let app = spawn_app().await;
    catalogue(&app).await;

    let plain = get_accepting(&app, PAGE, None).await;
    assert_eq!(plain.status(), 200);
    assert_eq!(header(&plain, "content-encoding"), "");
    let plain = plain.bytes().await.unwrap();
    assert!(plain.len() > 1400, "a page worth compressing: {} bytes", plain.len());

    let br = get_accepting(&app, PAGE, Some("gzip, deflate, br, zstd")).await;
    assert_eq!(header(&br, "content-encoding"), "br");
    assert!(header(&br, "vary").to_ascii_lowercase().contains("accept-encoding"));
    assert!(header(&br, "content-type").starts_with("application/json"));
    let first = br.bytes().await.unwrap();
    assert!(first.len() < plain.len() / 2, "{} bytes for {}", first.len(), plain.len());
    assert_eq!(unbrotli(&first), plain);
    let again = get_accepting(&app, PAGE, Some("gzip, deflate, br, zstd")).await.bytes().await.unwrap();
    assert_eq!(again, first);

    let gz = get_accepting(&app, PAGE, Some("gzip")).await;
    assert_eq!(header(&gz, "content-encoding"), "gzip");
    assert_eq!(ungzip(&gz.bytes().await.unwrap()), plain);

    // A compressed copy is never served for a page that changed since.
    app.sql("UPDATE products SET price = 13500 WHERE name = 'Tee Yoff'").await;
    let changed = unbrotli(&get_accepting(&app, PAGE, Some("br")).await.bytes().await.unwrap());
    assert_ne!(changed, plain);
    let product = serde_json::from_slice::<serde_json::Value>(&changed).unwrap()["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Tee Yoff")
        .cloned()
        .unwrap();
    assert_eq!(product["price"], 13500);
    assert_eq!(changed, get_accepting(&app, PAGE, None).await.bytes().await.unwrap());
}

#[tokio::test]
async fn an_answer_that_fits_in_one_packet_is_sent_as_it_is() {
    let app = spawn_app().await;
    let id = app.product("Tee Médina", 12_000, None, &[("noir", "M", 5)]).await;

    for path in [format!("/api/products/{id}"), "/api/health".to_owned()] {
        let response = get_accepting(&app, &path, Some("gzip, deflate, br")).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(header(&response, "content-encoding"), "", "{path}");
        let body: serde_json::Value = response.json().await.unwrap();
        assert!(body["data"].is_object(), "{path}: {body}");
    }
}
