//! Writing the catalogue: guards, the form's rules, stock, removal.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{error_body, spawn_app};

fn form() -> Value {
    json!({
        "name": "T-shirt Ndar", "description": "Coton épais.", "price": 12_000, "category": "vetement",
        "subcategory": "t-shirt", "colors": [" Noir", "blanc "], "sizes": ["M", "L"],
        "stock": {"noir": {"M": 3, "L": 2}, "blanc": {"M": 1}}
    })
}

#[tokio::test]
async fn only_admins_write_the_catalogue() {
    let app = spawn_app().await;
    let (customer, _) = app.register("awa@example.sn", "secret1").await;
    let id = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 5)]).await;
    let routes = [
        (Method::POST, "/api/products".to_owned(), Some(form())),
        (Method::PUT, format!("/api/products/{id}"), Some(form())),
        (
            Method::PUT,
            format!("/api/products/{id}/stock"),
            Some(json!({"stock": {"noir": {"M": 0}}, "reason": "recount"})),
        ),
        (Method::DELETE, format!("/api/products/{id}"), None),
        (Method::GET, "/api/products?scope=admin".to_owned(), None),
        (Method::GET, format!("/api/products/{id}?scope=admin"), None),
        (Method::GET, "/api/admin/products/stats".to_owned(), None),
    ];
    for (method, path, body) in &routes {
        assert_eq!(app.send(method.clone(), path, None, body.as_ref()).await.status(), 401, "{method} {path}");
        assert_eq!(
            app.send(method.clone(), path, Some(&customer), body.as_ref()).await.status(),
            403,
            "{method} {path}"
        );
    }
    let product: Value = app.get(&format!("/api/products/{id}")).await.json().await.unwrap();
    assert_eq!(product["data"]["stock"]["noir"]["M"], 5, "nothing changed");
}

#[tokio::test]
async fn a_created_product_is_in_the_shop_with_its_slug_and_stock() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let response = app.send(Method::POST, "/api/products", Some(&admin), Some(&form())).await;
    assert_eq!(response.status(), 201);
    let created = response.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(created["slug"], "t-shirt-ndar");
    assert_eq!(created["colors"], json!(["noir", "blanc"]));
    assert_eq!(created["stock"]["blanc"]["L"], 0, "the grid is complete");
    let again =
        app.send(Method::POST, "/api/products", Some(&admin), Some(&form())).await.json::<Value>().await.unwrap();
    assert_eq!(again["data"]["slug"], "t-shirt-ndar-2", "slugs stay unique");
    let shop: Value = app.get("/api/products/t-shirt-ndar").await.json().await.unwrap();
    assert_eq!(shop["data"]["price"], 12_000);
}

#[tokio::test]
async fn the_product_form_rules_speak_the_seeds_french() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let post = |body: Value| {
        let (app, admin) = (&app, &admin);
        async move { error_body(app.send(Method::POST, "/api/products", Some(admin), Some(&body)).await).await }
    };
    let empty = post(json!({})).await;
    assert!(empty["message"].as_str().unwrap().starts_with("Champs requis manquants: "), "{empty}");
    let mut promo = form();
    promo["onPromotion"] = json!(true);
    promo["promoPrice"] = json!(12_000);
    assert_eq!(post(promo).await["message"], "Le prix promotionnel doit être inférieur au prix normal");
    let mut no_color = form();
    no_color["colors"] = json!([]);
    no_color["stock"] = json!({});
    assert_eq!(post(no_color).await["message"], "Au moins une couleur est requise");
    let mut no_size = form();
    no_size["sizes"] = json!([]);
    no_size["stock"] = json!({});
    assert_eq!(post(no_size).await["message"], "Les tailles sont requises pour les vêtements");
}

#[tokio::test]
async fn stock_set_to_zero_shows_the_product_sold_out_and_negative_stock_is_refused() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let id = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 5)]).await;
    let path = format!("/api/products/{id}/stock");
    let negative = app
        .send(Method::PUT, &path, Some(&admin), Some(&json!({"stock": {"noir": {"M": -1}}, "reason": "recount"})))
        .await;
    assert_eq!(negative.status(), 400);
    assert_eq!(error_body(negative).await["message"], "Le stock doit être un nombre entier positif ou nul.");
    let foreign = app
        .send(Method::PUT, &path, Some(&admin), Some(&json!({"stock": {"violet": {"M": 1}}, "reason": "recount"})))
        .await;
    assert_eq!(foreign.status(), 400);
    let zero = app
        .send(Method::PUT, &path, Some(&admin), Some(&json!({"stock": {"noir": {"M": 0}}, "reason": "recount"})))
        .await;
    assert_eq!(zero.status(), 200);
    let shop: Value = app.get(&format!("/api/products/{id}")).await.json().await.unwrap();
    assert_eq!(shop["data"]["stock"]["noir"]["M"], 0);
    let in_stock: Value = app.get("/api/products?sizes=M").await.json().await.unwrap();
    assert_eq!(in_stock["pagination"]["totalItems"], 0, "no longer listed as available in M");
}

#[tokio::test]
async fn a_form_opened_before_an_adjustment_saves_without_undoing_it() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let created = app.send(Method::POST, "/api/products", Some(&admin), Some(&form())).await;
    assert_eq!(created.status(), 201);
    let id = created.json::<Value>().await.unwrap()["data"]["id"].as_str().unwrap().to_owned();
    // A seller counts the black M again while the manager's form, opened before, still says 3.
    let counted = json!({"stock": {"noir": {"M": 9}}, "reason": "recount"});
    assert_eq!(app.send(Method::PUT, &format!("/api/products/{id}/stock"), Some(&admin), Some(&counted)).await.status(), 200);

    // The form is saved with a new price, a size added (XL, 4 black) and white left out.
    let mut body = form();
    body["price"] = json!(13_000);
    body["colors"] = json!(["noir"]);
    body["sizes"] = json!(["M", "L", "XL"]);
    body["stock"] = json!({"noir": {"M": 3, "L": 2, "XL": 4}});
    let saved = app.send(Method::PUT, &format!("/api/products/{id}"), Some(&admin), Some(&body)).await;
    assert_eq!(saved.status(), 200);
    let product: Value = app.get(&format!("/api/products/{id}")).await.json().await.unwrap();
    assert_eq!(product["data"]["price"], 13_000);
    assert_eq!(
        product["data"]["stock"],
        json!({"noir": {"M": 9, "L": 2, "XL": 4}}),
        "the count kept, the new variant at the form's quantity, the one left out gone"
    );
}

#[tokio::test]
async fn an_ordered_product_is_deactivated_instead_of_deleted() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let (customer, _) = app.register("awa@example.sn", "secret1").await;
    let never = app.product("T-shirt Jamais", 10_000, None, &[("noir", "M", 5)]).await;
    let ordered = app.product("T-shirt Vendu", 10_000, None, &[("noir", "M", 5)]).await;
    let order = json!({
        "items": [{"productId": ordered, "quantity": 1, "size": "M", "color": "noir"}],
        "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": "77 123 45 67", "address": "Unité 15", "city": "Dakar", "commune": "medina", "landmark": "Près de la mosquée"},
        "paymentMethod": "cash_on_delivery",
    });
    assert_eq!(app.send(Method::POST, "/api/orders", Some(&customer), Some(&order)).await.status(), 201);
    let deleted: Value =
        app.send(Method::DELETE, &format!("/api/products/{never}"), Some(&admin), None).await.json().await.unwrap();
    assert_eq!(
        (deleted["data"]["deleted"].as_bool(), deleted["data"]["message"].as_str()),
        (Some(true), Some("Produit supprimé avec succès"))
    );
    let kept: Value =
        app.send(Method::DELETE, &format!("/api/products/{ordered}"), Some(&admin), None).await.json().await.unwrap();
    assert_eq!(kept["data"]["deactivated"], true);
    assert_eq!(app.get(&format!("/api/products/{ordered}")).await.status(), 404, "hidden from shoppers");
    let orders: Value = app.send(Method::GET, "/api/orders", Some(&customer), None).await.json().await.unwrap();
    assert_eq!(orders["data"][0]["items"][0]["name"], "T-shirt Vendu", "the order keeps its line");
    assert_eq!(app.send(Method::DELETE, &format!("/api/products/{never}"), Some(&admin), None).await.status(), 404);
}

#[tokio::test]
async fn the_admin_listing_shows_hidden_products_their_stock_and_stored_promotion() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let out = app.product("T-shirt Épuisé", 10_000, None, &[("noir", "M", 0), ("noir", "L", 0)]).await;
    let low = app.product("T-shirt Bas", 8_000, Some(6_000), &[("noir", "M", 3), ("blanc", "M", 1)]).await;
    let plenty = app.product("T-shirt Plein", 12_000, None, &[("noir", "M", 9)]).await;
    app.sql(&format!("UPDATE products SET active = false, promo_price = 9000 WHERE id = '{plenty}'")).await;
    let list = |query: &str| {
        let (app, admin) = (&app, &admin);
        let path = format!("/api/products?scope=admin{query}");
        async move {
            let response = app.send(Method::GET, &path, Some(admin), None).await;
            assert_eq!(response.status(), 200, "{path}");
            response.json::<Value>().await.unwrap()
        }
    };
    let all = list("").await;
    assert_eq!(all["pagination"]["limit"], 10);
    assert_eq!(all["pagination"]["totalItems"], 3, "the inactive one is listed for admins");
    let hidden = &all["data"][0];
    assert_eq!(hidden["id"], plenty.as_str());
    assert_eq!((hidden["active"].as_bool(), hidden["onPromotion"].as_bool()), (Some(false), Some(false)));
    assert_eq!(hidden["promoPrice"], 9000, "the stored promotional price, for the form");
    assert_eq!((hidden["stockTotal"].as_u64(), hidden["stockStatus"].as_str()), (Some(9), Some("in")));
    assert_eq!(hidden["images"], json!([]), "no placeholder in the back office");
    let ids = |page: &Value| page["data"].as_array().unwrap().iter().map(|p| p["id"].clone()).collect::<Vec<_>>();
    assert_eq!(ids(&list("&stock=0").await), [json!(out)]);
    let low_page = list("&stock=low").await;
    assert_eq!(ids(&low_page), [json!(low)]);
    assert_eq!(low_page["data"][0]["stock"], json!({"noir": {"M": 3}, "blanc": {"M": 1}}));
    assert_eq!(
        (low_page["data"][0]["stockTotal"].as_u64(), low_page["data"][0]["stockStatus"].as_str()),
        (Some(4), Some("low"))
    );
    assert_eq!(ids(&list("&status=active&sortBy=price&sortOrder=asc").await), [json!(low), json!(out)]);
    assert_eq!(ids(&list("&sortBy=name&sortOrder=asc").await), [json!(low), json!(out), json!(plenty)]);
    // The storefront, even for a logged-in admin, is unchanged: active products, shop fields.
    let shop: Value = app.send(Method::GET, "/api/products", Some(&admin), None).await.json().await.unwrap();
    assert_eq!(shop["pagination"]["totalItems"], 2);
    assert!(shop["data"][0].get("active").is_none() && shop["data"][0].get("stockTotal").is_none());
    assert_eq!(shop["pagination"]["limit"], 12);
}

#[tokio::test]
async fn bad_admin_listing_values_are_refused_in_french() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    for (query, field, message) in [
        ("stock=none", "stock", "Filtre de stock inconnu. Valeurs possibles : 0, low, in."),
        ("sortBy=stock", "sortBy", "Tri inconnu. Valeurs possibles : createdAt, name, price."),
        ("sortOrder=up", "sortOrder", "Ordre de tri inconnu. Valeurs possibles : asc, desc."),
        ("status=deleted", "status", "Statut inconnu. Valeurs possibles : all, active, inactive."),
        ("limit=abc", "limit", "Le nombre de produits par page doit être un nombre entier supérieur ou égal à 1."),
    ] {
        let response = app.send(Method::GET, &format!("/api/products?scope=admin&{query}"), Some(&admin), None).await;
        assert_eq!(response.status(), 400, "{query}");
        let body = error_body(response).await;
        assert_eq!((body["message"].as_str(), body["fields"][field].as_str()), (Some(message), Some(message)));
    }
    let scope = app.send(Method::GET, "/api/products?scope=everything", Some(&admin), None).await;
    assert_eq!(error_body(scope).await["fields"]["scope"], "Valeur de scope inconnue. Valeur possible : admin.");
}

#[tokio::test]
async fn an_admin_opens_an_inactive_product_for_editing() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let id = app.product("T-shirt Caché", 10_000, Some(8_000), &[("noir", "M", 2)]).await;
    app.sql(&format!("UPDATE products SET active = false WHERE id = '{id}'")).await;
    assert_eq!(app.get(&format!("/api/products/{id}")).await.status(), 404, "hidden from shoppers");
    for key in [id.as_str(), "t-shirt-cache"] {
        let response = app.send(Method::GET, &format!("/api/products/{key}?scope=admin"), Some(&admin), None).await;
        assert_eq!(response.status(), 200, "{key}");
        let product = response.json::<Value>().await.unwrap()["data"].clone();
        assert_eq!((product["active"].as_bool(), product["promoPrice"].as_i64()), (Some(false), Some(8_000)));
    }
    let missing = format!("/api/products/{}?scope=admin", uuid::Uuid::new_v4());
    assert_eq!(
        error_body(app.send(Method::GET, &missing, Some(&admin), None).await).await["message"],
        "Produit non trouvé"
    );
}

#[tokio::test]
async fn product_counts_for_the_dashboard_come_from_the_catalogue() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    app.product("T-shirt Épuisé", 10_000, None, &[("noir", "M", 0)]).await;
    app.product("T-shirt Bas", 10_000, None, &[("noir", "M", 4)]).await;
    let hidden = app.product("T-shirt Caché", 10_000, None, &[("noir", "M", 20)]).await;
    app.sql(&format!("UPDATE products SET active = false WHERE id = '{hidden}'")).await;
    let response = app.send(Method::GET, "/api/admin/products/stats", Some(&admin), None).await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.json::<Value>().await.unwrap()["data"],
        json!({"totalProducts": 3, "activeProducts": 2, "inactiveProducts": 1, "outOfStock": 1, "lowStock": 1})
    );
}

#[tokio::test]
async fn pictures_name_their_colours_and_a_line_shows_its_colours_picture() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let mut body = form();
    body["images"] =
        json!(["/uploads/products/a1/800.jpg", "/uploads/products/d1/800.jpg", "/uploads/products/b1/800.jpg"]);
    body["imageColors"] = json!(["noir", null, " Blanc "]);
    let created = app.send(Method::POST, "/api/products", Some(&admin), Some(&body)).await;
    assert_eq!(created.status(), 201);
    let id = created.json::<Value>().await.unwrap()["data"]["id"].as_str().unwrap().to_owned();
    for path in [format!("/api/products/{id}?scope=admin"), format!("/api/products/{id}")] {
        let product: Value = app.send(Method::GET, &path, Some(&admin), None).await.json().await.unwrap();
        assert_eq!(product["data"]["images"][2], "/uploads/products/b1/800.jpg", "{path}: `images` as before");
        assert_eq!(product["data"]["imageColors"], json!(["noir", null, "blanc"]), "{path}");
    }

    // White gets a new first picture; black's picture now shows with every colour.
    body["images"] =
        json!(["/uploads/products/b0/800.jpg", "/uploads/products/a1/800.jpg", "/uploads/products/b1/800.jpg"]);
    body["imageColors"] = json!(["blanc", null, "blanc"]);
    let updated = app.send(Method::PUT, &format!("/api/products/{id}"), Some(&admin), Some(&body)).await;
    assert_eq!(updated.json::<Value>().await.unwrap()["data"]["imageColors"], json!(["blanc", null, "blanc"]));
    body["imageColors"] = json!(["rouge"]);
    let refused = error_body(app.send(Method::PUT, &format!("/api/products/{id}"), Some(&admin), Some(&body)).await);
    assert_eq!(
        refused.await["fields"]["imageColors"],
        "La couleur d'une image doit être l'une des couleurs du produit"
    );

    let (customer, _) = app.register("awa@example.sn", "secret1").await;
    let line = json!({"productId": id, "quantity": 1, "size": "M", "color": "blanc"});
    app.send(Method::POST, "/api/cart/add", Some(&customer), Some(&line)).await;
    let cart: Value = app.send(Method::GET, "/api/cart", Some(&customer), None).await.json().await.unwrap();
    assert_eq!(cart["data"]["items"][0]["image"], "/uploads/products/b0/800.jpg", "white's first picture");
    let order = json!({"items": [line], "shippingMethod": "pickup", "paymentMethod": "cash_on_delivery",
        "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": "77 123 45 67"}});
    let placed = app.send(Method::POST, "/api/orders", Some(&customer), Some(&order)).await;
    assert_eq!(placed.status(), 201);
    let placed = placed.json::<Value>().await.unwrap();
    assert_eq!(
        placed["data"]["items"][0]["image"], "/uploads/products/b0/800.jpg",
        "the order line's picture is white's"
    );
}
