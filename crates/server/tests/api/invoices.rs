//! An order's « Facture »: once the sale is made, numbered, the shop's legal identifiers on it,
//! the same invoice for the customer and the shop every time, kept as issued.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_body, spawn_app_with};
use crate::payments::place;
use crate::refunds::deliver_cash_order;

const LEGAL_ID: &str = "RCCM SN-DKR-2024-B-12345 · NINEA 009876543";

async fn invoice(app: &TestApp, token: &str, path: &str) -> reqwest::Response {
    app.send(Method::GET, path, Some(token), None).await
}

async fn data(response: reqwest::Response) -> Value {
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

#[tokio::test]
async fn an_invoice_comes_with_the_sale_numbered_once_with_the_shops_legal_identifiers() {
    let app = spawn_app_with(&[("SHOP_LEGAL_ID", LEGAL_ID)]).await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let (stranger, _) = app.register("moussa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Médina", 23_500, None, &[("noir", "M", 5)]).await;
    let id = place(&app, &token, &tee, "cash_on_delivery").await;
    let admin = app.admin_token().await;
    let mine = format!("/api/orders/{id}/invoice");
    let theirs = format!("/api/admin/orders/{id}/invoice");

    let early = invoice(&app, &token, &mine).await;
    assert_eq!(early.status(), 409);
    let early = error_body(early).await;
    assert_eq!(
        (early["code"].as_str(), early["message"].as_str()),
        (Some("order_not_invoiceable"), Some("La facture est disponible une fois la commande payée ou livrée."))
    );
    let order: Value =
        app.send(Method::GET, &format!("/api/orders/{id}"), Some(&token), None).await.json().await.unwrap();
    assert_eq!(order["data"]["invoiceable"], false);

    deliver_cash_order(&app, &admin, &id).await;
    let first = data(invoice(&app, &token, &mine).await).await;
    assert_eq!((first["number"].as_str(), first["sequence"].as_i64()), (Some("FAC-000001"), Some(1)));
    assert_eq!(
        (first["seller"]["name"].as_str(), first["seller"]["legalId"].as_str()),
        (Some("Bitik Dakar"), Some(LEGAL_ID))
    );
    assert_eq!(first["customer"]["name"], "Awa Diop");
    assert_eq!(
        first["lines"],
        json!([{"name": "T-shirt Médina", "color": "noir", "size": "M", "quantity": 1, "unitPrice": 23_500, "total": 23_500}])
    );
    assert_eq!(
        (
            first["subtotal"].as_i64(),
            first["shippingCost"].as_i64(),
            first["discount"].as_i64(),
            first["total"].as_i64()
        ),
        (Some(23_500), Some(1_500), Some(0), Some(25_000))
    );
    assert_eq!(
        (first["paymentMethod"].as_str(), first["paymentState"].as_str()),
        (Some("Paiement à la livraison"), Some("Payée à la livraison"))
    );

    // The same invoice for the shop and every time after, whatever happens to the order since.
    let paid = app.send(Method::PUT, &format!("/api/admin/orders/{id}/payment"), Some(&admin), None).await;
    assert_eq!(paid.status(), 200);
    let refund = json!({"amount": 5_000, "method": "cash", "reason": "Geste commercial"});
    assert_eq!(
        app.send(Method::POST, &format!("/api/admin/orders/{id}/refund"), Some(&admin), Some(&refund)).await.status(),
        200
    );
    assert_eq!(data(invoice(&app, &admin, &theirs).await).await, first);
    assert_eq!(data(invoice(&app, &token, &mine).await).await, first);
    assert_eq!(invoice(&app, &stranger, &mine).await.status(), 404);
    assert_eq!(invoice(&app, &token, &theirs).await.status(), 403);

    // The next sale takes the next number.
    let next = place(&app, &token, &tee, "cash_on_delivery").await;
    deliver_cash_order(&app, &admin, &next).await;
    let second = data(invoice(&app, &admin, &format!("/api/admin/orders/{next}/invoice")).await).await;
    assert_eq!(second["number"], "FAC-000002");
}
