//! Who may do what: every route of the API, as the live OpenAPI document lists them, called by
//! nobody, customer A, customer B, an administrator, a manager, a seller and a courier. B must
//! not see or change A's cart, order, address or payment (404, as if they did not exist). A
//! back-office route lets in exactly the roles holding the permission its operation names in the
//! document (`security: bearer: [code]`), as `Role::can` (the one table) answers: the others get
//! 403. Then forged and stale session tokens.

use std::collections::{BTreeSet, HashMap};
use std::io::Cursor;

use reqwest::Method;
use serde_json::{Value, json};

use bitik_identity::{Permission, Role};

use crate::helpers::{TestApp, error_body, spawn_app};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Who {
    Nobody,
    A,
    B,
    Admin,
    Manager,
    Seller,
    Courier,
}

/// The columns of the matrix, in the order of `Row::expect`.
const WHO: [Who; 4] = [Who::Nobody, Who::A, Who::B, Who::Admin];

/// The team's other roles: on a back-office route, let in or refused by the permission table;
/// elsewhere, answered as the administrator is (a logged-in account with nothing of A's).
const STAFF: [(Who, Role); 3] =
    [(Who::Manager, Role::Manager), (Who::Seller, Role::Seller), (Who::Courier, Role::Courier)];

impl Who {
    fn email(self) -> &'static str {
        match self {
            Who::Nobody => "nobody@example.sn",
            Who::A => "awa@example.sn",
            Who::B => "moussa@example.sn",
            Who::Admin => "chef@bitik.sn",
            Who::Manager => "gerant@bitik.sn",
            Who::Seller => "vendeur@bitik.sn",
            Who::Courier => "livreur@bitik.sn",
        }
    }

    /// The phone of the caller's checkouts: each their own, so that no one's orders awaiting
    /// payment count against another's.
    fn phone(self) -> &'static str {
        match self {
            Who::Nobody => "77 000 00 10",
            Who::A => "77 000 00 11",
            Who::B => "77 000 00 12",
            Who::Admin => "77 000 00 13",
            Who::Manager => "77 000 00 15",
            Who::Seller => "77 000 00 16",
            Who::Courier => "77 000 00 17",
        }
    }

    fn password(self) -> &'static str {
        match self {
            Who::Admin => "admin-pass",
            Who::Manager | Who::Seller | Who::Courier => "staff-pass",
            _ => "secret1",
        }
    }

    /// A label to make e-mails unique per caller (registration, newsletter).
    fn tag(self) -> &'static str {
        match self {
            Who::Nobody => "nobody",
            Who::A => "a",
            Who::B => "b",
            Who::Admin => "admin",
            Who::Manager => "manager",
            Who::Seller => "seller",
            Who::Courier => "courier",
        }
    }
}

/// What the matrix's requests point at: A's resources, and those the admin may change.
struct Ids {
    product: String,
    /// A product the admin may edit and delete.
    spare_product: String,
    /// A product whose black L is sold out, for back-in-stock alerts.
    sold_out: String,
    a_address: String,
    a_cart_item: String,
    a_order: String,
    /// A's cash-on-delivery order, for the customer's own confirmation.
    a_cash_order: String,
    a_session: String,
    /// A third customer's cash order, for the admin's order routes.
    c_order: String,
    /// A cash order of C's refused at the door, for the parcel's return.
    c_refused_order: String,
    /// Cash orders of C's delivered, whose cash the shop receives: one alone, one in a round.
    c_delivered_order: String,
    c_delivered_round: String,
    /// C's Wave order nobody paid, which the shop switches to cash on delivery.
    c_switch_order: String,
    c_user: String,
    /// A fourth customer, for the admin's deletion.
    d_user: String,
    /// A session of C's Wave order, for test mode's simulator buttons.
    c_session: String,
}

enum Body {
    None,
    Json(Value),
    Multipart(Vec<u8>),
    Csv(String),
}

struct Call {
    path: String,
    body: Body,
}

fn call(path: impl Into<String>) -> Call {
    Call { path: path.into(), body: Body::None }
}

fn with_json(path: impl Into<String>, body: Value) -> Call {
    Call { path: path.into(), body: Body::Json(body) }
}

/// One line of the matrix: a route as the OpenAPI document writes it, the status each of
/// nobody, A, B and the admin must get, and the request each of them sends.
struct Row {
    method: Method,
    route: &'static str,
    expect: [u16; 4],
    request: fn(&Ids, Who) -> Call,
    /// The permission of a back-office request the document cannot name on its operation (the
    /// catalogue's `?scope=admin`, beside the shop window's public reads).
    needs: Option<Permission>,
}

/// What a caller must get: this status, or let in by the permission (any answer but 401 or 403:
/// the administrator, who plays first, may have spent what the row acts on).
#[derive(Debug, Clone, Copy)]
enum Expected {
    Status(u16),
    LetIn,
}

const PUBLIC: [u16; 4] = [200, 200, 200, 200];
/// Any logged-in user, on their own things.
const SIGNED_IN: [u16; 4] = [401, 200, 200, 200];
const SIGNED_IN_CREATES: [u16; 4] = [401, 201, 201, 201];
/// A's things: B, and the admin on customers' routes, are told they do not exist.
const A_ONLY: [u16; 4] = [401, 200, 404, 404];
const ADMIN: [u16; 4] = [401, 403, 403, 200];
const ADMIN_CREATES: [u16; 4] = [401, 403, 403, 201];

fn row(method: Method, route: &'static str, expect: [u16; 4], request: fn(&Ids, Who) -> Call) -> Row {
    Row { method, route, expect, request, needs: None }
}

/// The matrix, in the order it is played: a row may spend what a later row would need (an
/// address deleted, a session ended), so those come after.
fn matrix() -> Vec<Row> {
    use Method as M;
    vec![
        // The shop window, open to all.
        row(M::GET, "/health", PUBLIC, |_, _| call("/api/health")),
        row(M::GET, "/health/ready", PUBLIC, |_, _| call("/api/health/ready")),
        row(M::GET, "/shop", PUBLIC, |_, _| call("/api/shop")),
        row(M::GET, "/products", PUBLIC, |_, _| call("/api/products")),
        Row {
            needs: Some(Permission::AdjustStock),
            ..row(M::GET, "/products", ADMIN, |_, _| call("/api/products?scope=admin"))
        },
        row(M::GET, "/products/facets", PUBLIC, |_, _| call("/api/products/facets")),
        row(M::GET, "/products/promotions", PUBLIC, |_, _| call("/api/products/promotions")),
        row(M::GET, "/products/new-arrivals", PUBLIC, |_, _| call("/api/products/new-arrivals")),
        row(M::GET, "/products/{idOrSlug}", PUBLIC, |ids, _| call(format!("/api/products/{}", ids.product))),
        Row {
            needs: Some(Permission::AdjustStock),
            ..row(M::GET, "/products/{idOrSlug}", ADMIN, |ids, _| {
                call(format!("/api/products/{}?scope=admin", ids.product))
            })
        },
        row(M::GET, "/products/{idOrSlug}/similar", PUBLIC, |ids, _| {
            call(format!("/api/products/{}/similar", ids.product))
        }),
        row(M::GET, "/delivery/zones", PUBLIC, |_, _| call("/api/delivery/zones")),
        // Back-in-stock alerts: no account needed; the unsubscribe link's token is the key.
        row(M::POST, "/products/{id}/alerts", [201; 4], |ids, who| {
            let email = format!("alert-{}@example.sn", who.tag());
            with_json(
                format!("/api/products/{}/alerts", ids.sold_out),
                json!({"color": "noir", "size": "L", "email": email}),
            )
        }),
        row(M::POST, "/alerts/unsubscribe", [404; 4], |_, _| {
            with_json("/api/alerts/unsubscribe", json!({"token": "00000000-0000-0000-0000-000000000000"}))
        }),
        row(M::POST, "/newsletter", [201; 4], |_, who| {
            with_json("/api/newsletter", json!({"email": format!("news-{}@example.sn", who.tag())}))
        }),
        // Accounts: a token changes nothing for these.
        row(M::POST, "/auth/register", [201; 4], |_, who| {
            let email = format!("new-{}@example.sn", who.tag());
            with_json(
                "/api/auth/register",
                json!({"firstName": "Nd", "lastName": "Ye", "email": email, "password": "secret1", "phone": "77 123 45 67"}),
            )
        }),
        row(M::POST, "/auth/login", PUBLIC, |_, _| {
            with_json("/api/auth/login", json!({"email": Who::A.email(), "password": Who::A.password()}))
        }),
        row(M::POST, "/auth/forgot-password", PUBLIC, |_, _| {
            with_json("/api/auth/forgot-password", json!({"email": Who::A.email()}))
        }),
        // Login by code needs no session, and the matrix's shop is not on WhatsApp: everyone
        // hears that it is unavailable (login_code.rs tests it on WhatsApp).
        row(M::POST, "/auth/code", [409; 4], |_, _| with_json("/api/auth/code", json!({"phone": "77 123 45 67"}))),
        row(M::POST, "/auth/code/verify", [409; 4], |_, _| {
            with_json("/api/auth/code/verify", json!({"phone": "77 123 45 67", "code": "123456"}))
        }),
        // The token in the path is the credential; an unknown one is refused whoever asks.
        row(M::POST, "/auth/reset-password/{token}", [404; 4], |_, _| {
            with_json("/api/auth/reset-password/not-a-reset-token", json!({"password": "brand-new"}))
        }),
        row(M::GET, "/auth/me", SIGNED_IN, |_, _| call("/api/auth/me")),
        row(M::PUT, "/auth/profile", SIGNED_IN, |_, _| {
            with_json("/api/auth/profile", json!({"firstName": "Prénom", "lastName": "Nom", "city": "Dakar"}))
        }),
        // Two-step login: the challenge is the credential of the code's step, and a forged one is
        // refused whoever asks; the set-up is the team's own (a customer has none), and a wrong
        // first code turns nothing on, so the rows after play as before.
        row(M::POST, "/auth/2fa", [401; 4], |_, _| {
            with_json("/api/auth/2fa", json!({"challenge": "not-a-challenge", "code": "123456"}))
        }),
        row(M::POST, "/auth/2fa/setup", [401, 403, 403, 200], |_, _| call("/api/auth/2fa/setup")),
        row(M::POST, "/auth/2fa/enable", [401, 403, 403, 401], |_, _| {
            with_json("/api/auth/2fa/enable", json!({"code": "000000"}))
        }),
        row(M::POST, "/auth/2fa/disable", [401, 409, 409, 409], |_, who| {
            with_json("/api/auth/2fa/disable", json!({"password": who.password()}))
        }),
        // Addresses.
        row(M::GET, "/users/addresses", SIGNED_IN, |_, _| call("/api/users/addresses")),
        row(M::POST, "/users/addresses", SIGNED_IN_CREATES, |_, _| {
            with_json("/api/users/addresses", address("Keur Massar"))
        }),
        row(M::PUT, "/users/addresses/{id}", A_ONLY, |ids, _| {
            with_json(format!("/api/users/addresses/{}", ids.a_address), address("Pikine"))
        }),
        row(M::PUT, "/users/addresses/{id}/default", A_ONLY, |ids, _| {
            call(format!("/api/users/addresses/{}/default", ids.a_address))
        }),
        row(M::DELETE, "/users/addresses/{id}", A_ONLY, |ids, _| {
            call(format!("/api/users/addresses/{}", ids.a_address))
        }),
        // The cart: each user has one, reached without an id; lines have ids.
        row(M::GET, "/cart", SIGNED_IN, |_, _| call("/api/cart")),
        row(M::POST, "/cart/add", SIGNED_IN, |ids, _| with_json("/api/cart/add", line(&ids.product, 1))),
        row(M::PUT, "/cart/items/{itemId}", A_ONLY, |ids, _| {
            with_json(format!("/api/cart/items/{}", ids.a_cart_item), json!({"quantity": 2}))
        }),
        row(M::DELETE, "/cart/items/{itemId}", A_ONLY, |ids, _| call(format!("/api/cart/items/{}", ids.a_cart_item))),
        row(M::DELETE, "/cart/clear", SIGNED_IN, |_, _| call("/api/cart/clear")),
        row(M::POST, "/cart/merge", SIGNED_IN, |ids, _| {
            with_json("/api/cart/merge", json!({"items": [line(&ids.product, 1)]}))
        }),
        // Orders and their Wave payment: the session is used before the order is cancelled.
        // Without a session the order is its phone's (docs/rules.md#orders-without-an-account).
        row(M::POST, "/orders", [201; 4], |ids, who| {
            with_json("/api/orders", order_body(&ids.product, "cash_on_delivery", who.phone()))
        }),
        row(M::GET, "/orders", SIGNED_IN, |_, _| call("/api/orders")),
        row(M::GET, "/orders/{id}", A_ONLY, |ids, _| call(format!("/api/orders/{}", ids.a_order))),
        row(M::POST, "/payments/wave/init", A_ONLY, |ids, _| {
            with_json("/api/payments/wave/init", json!({"orderId": ids.a_order}))
        }),
        row(M::GET, "/payments/wave/status/{sessionId}", A_ONLY, |ids, _| {
            call(format!("/api/payments/wave/status/{}", ids.a_session))
        }),
        row(M::GET, "/payments/wave/orders/{orderId}/status", A_ONLY, |ids, _| {
            call(format!("/api/payments/wave/orders/{}/status", ids.a_order))
        }),
        row(M::POST, "/payments/wave/cancel/{sessionId}", A_ONLY, |ids, _| {
            call(format!("/api/payments/wave/cancel/{}", ids.a_session))
        }),
        // Neither paid nor delivered: no invoice yet, said to its customer only.
        row(M::GET, "/orders/{id}/invoice", [401, 409, 404, 404], |ids, _| {
            call(format!("/api/orders/{}/invoice", ids.a_order))
        }),
        // Paid at the door instead, then cancelled (still pending and unpaid).
        row(M::POST, "/orders/{id}/cash-on-delivery", A_ONLY, |ids, _| {
            call(format!("/api/orders/{}/cash-on-delivery", ids.a_order))
        }),
        row(M::POST, "/orders/{id}/cancel", A_ONLY, |ids, _| call(format!("/api/orders/{}/cancel", ids.a_order))),
        row(M::POST, "/orders/{id}/confirm", A_ONLY, |ids, _| {
            call(format!("/api/orders/{}/confirm", ids.a_cash_order))
        }),
        // The signed link is the credential; a token of no order is refused whoever asks.
        row(M::POST, "/orders/confirm", [404; 4], |_, _| {
            with_json("/api/orders/confirm", json!({"token": "not-a-confirmation-token"}))
        }),
        row(M::GET, "/orders/confirm/{token}", [404; 4], |_, _| call("/api/orders/confirm/not-a-confirmation-token")),
        // Wave's side: the signature is the credential, not a session.
        row(M::POST, "/payments/wave/webhook", [401; 4], |_, _| {
            with_json("/api/payments/wave/webhook", json!({"id": "AE_forged", "type": "checkout.session.completed"}))
        }),
        // WhatsApp's side: the app secret's signature is the credential; without WhatsApp's
        // keys (as here) nothing is accepted.
        row(M::GET, "/webhooks/whatsapp", [403; 4], |_, _| {
            call("/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1")
        }),
        row(M::POST, "/webhooks/whatsapp", [401; 4], |_, _| {
            with_json("/api/webhooks/whatsapp", json!({"object": "whatsapp_business_account", "entry": []}))
        }),
        // Test mode's stand-in for Wave's own pages, which anyone holding the link may open.
        row(M::GET, "/payments/wave/simulator/simulator.css", PUBLIC, |_, _| {
            call("/api/payments/wave/simulator/simulator.css")
        }),
        row(M::GET, "/payments/wave/simulator/{sessionId}", PUBLIC, |ids, _| {
            call(format!("/api/payments/wave/simulator/{}", ids.c_session))
        }),
        row(M::POST, "/payments/wave/simulator/{sessionId}/pay", [303; 4], |ids, _| {
            call(format!("/api/payments/wave/simulator/{}/pay", ids.c_session))
        }),
        row(M::POST, "/payments/wave/simulator/{sessionId}/fail", [303; 4], |ids, _| {
            call(format!("/api/payments/wave/simulator/{}/fail", ids.c_session))
        }),
        // The back office.
        row(M::GET, "/admin/orders", ADMIN, |_, _| call("/api/admin/orders")),
        row(M::GET, "/admin/orders/stats", ADMIN, |_, _| call("/api/admin/orders/stats")),
        row(M::GET, "/admin/orders/{id}", ADMIN, |ids, _| call(format!("/api/admin/orders/{}", ids.a_order))),
        row(M::GET, "/admin/orders/{id}/messages", ADMIN, |ids, _| {
            call(format!("/api/admin/orders/{}/messages", ids.a_order))
        }),
        row(M::GET, "/admin/messages", ADMIN, |_, _| call("/api/admin/messages?state=failed")),
        row(M::GET, "/admin/messages/costs", ADMIN, |_, _| call("/api/admin/messages/costs?month=2026-12")),
        row(M::GET, "/admin/conversations", ADMIN, |_, _| call("/api/admin/conversations")),
        row(M::GET, "/admin/conversations/{phone}", ADMIN, |_, _| call("/api/admin/conversations/%2B221771234567")),
        row(M::GET, "/admin/orders/{id}/whatsapp", ADMIN, |ids, _| {
            call(format!("/api/admin/orders/{}/whatsapp", ids.a_order))
        }),
        // A phone that never wrote: the administrator is let through to be told so.
        row(M::POST, "/admin/conversations/{phone}/reply", [401, 403, 403, 404], |_, _| {
            with_json("/api/admin/conversations/%2B221771234567/reply", json!({"text": "Bonjour"}))
        }),
        // No such message: the administrator is let through to be told so.
        row(M::POST, "/admin/messages/{id}/resend", [401, 403, 403, 404], |_, _| {
            call("/api/admin/messages/00000000-0000-0000-0000-00000000beef/resend")
        }),
        // Corrected while it is pending, before it is confirmed and shipped below.
        row(M::PUT, "/admin/orders/{id}/delivery", ADMIN, |ids, _| {
            with_json(
                format!("/api/admin/orders/{}/delivery", ids.c_order),
                order_body(&ids.product, "cash_on_delivery", "77 000 00 14")["shippingInfo"].clone(),
            )
        }),
        row(M::PUT, "/admin/orders/{id}/items", ADMIN, |ids, _| {
            with_json(format!("/api/admin/orders/{}/items", ids.c_order), json!({"items": [line(&ids.product, 2)]}))
        }),
        row(M::POST, "/admin/orders/{id}/cash-on-delivery", ADMIN, |ids, _| {
            call(format!("/api/admin/orders/{}/cash-on-delivery", ids.c_switch_order))
        }),
        // Confirmed first: a cash order ships only then.
        row(M::PUT, "/admin/orders/{id}/confirmation", ADMIN, |ids, _| {
            with_json(format!("/api/admin/orders/{}/confirmation", ids.c_order), json!({"confirmation": "confirmed"}))
        }),
        row(M::PUT, "/admin/orders/{id}/status", ADMIN, |ids, _| {
            with_json(format!("/api/admin/orders/{}/status", ids.c_order), json!({"status": "shipped"}))
        }),
        row(M::PUT, "/admin/orders/{id}/courier", ADMIN, |ids, _| {
            with_json(
                format!("/api/admin/orders/{}/courier", ids.c_order),
                json!({"name": "Modou Fall", "phone": "77 000 11 22"}),
            )
        }),
        row(M::POST, "/admin/orders/{id}/returned", ADMIN, |ids, _| {
            call(format!("/api/admin/orders/{}/returned", ids.c_refused_order))
        }),
        row(M::GET, "/admin/phones/{phone}", ADMIN, |_, _| call("/api/admin/phones/+221771234567")),
        row(M::PUT, "/admin/phones/{phone}", ADMIN, |_, _| {
            with_json("/api/admin/phones/+221771234567", json!({"codAllowed": true, "note": "Cliente fidèle"}))
        }),
        row(M::PUT, "/admin/orders/{id}/tracking", ADMIN, |ids, _| {
            with_json(format!("/api/admin/orders/{}/tracking", ids.c_order), json!({"trackingNote": "Colis 7"}))
        }),
        row(M::GET, "/admin/orders/{id}/invoice", ADMIN, |ids, _| {
            call(format!("/api/admin/orders/{}/invoice", ids.c_delivered_order))
        }),
        row(M::PUT, "/admin/orders/{id}/payment", ADMIN, |ids, _| {
            call(format!("/api/admin/orders/{}/payment", ids.c_delivered_order))
        }),
        // Paid by the row above: part of its cash goes back.
        row(M::POST, "/admin/orders/{id}/refund", ADMIN, |ids, _| {
            let body = json!({"amount": 1000, "method": "cash", "reason": "Geste commercial"});
            with_json(format!("/api/admin/orders/{}/refund", ids.c_delivered_order), body)
        }),
        // A recorded refund is made at once: there is nothing to check with Wave.
        row(M::POST, "/admin/orders/{id}/refund/check", [401, 403, 403, 409], |ids, _| {
            call(format!("/api/admin/orders/{}/refund/check", ids.c_delivered_order))
        }),
        // A refused parcel's cash is not paid yet: it may be recorded with a round.
        row(M::POST, "/admin/orders/cash-received", ADMIN, |ids, _| {
            with_json("/api/admin/orders/cash-received", json!({"orderIds": [ids.c_delivered_round]}))
        }),
        row(M::GET, "/admin/reports/payments", ADMIN, |_, _| {
            call("/api/admin/reports/payments?from=2026-11-01&to=2026-11-02")
        }),
        row(M::GET, "/admin/reports/payments.csv", ADMIN, |_, _| {
            call("/api/admin/reports/payments.csv?from=2026-11-01&to=2026-11-02")
        }),
        row(M::GET, "/admin/products/stats", ADMIN, |_, _| call("/api/admin/products/stats")),
        row(M::POST, "/products", ADMIN_CREATES, |_, _| with_json("/api/products", product_form())),
        row(M::PUT, "/products/{idOrSlug}", ADMIN, |ids, _| {
            with_json(format!("/api/products/{}", ids.spare_product), product_form())
        }),
        row(M::PUT, "/products/{id}/stock", ADMIN, |ids, _| {
            with_json(
                format!("/api/products/{}/stock", ids.spare_product),
                json!({"stock": {"noir": {"M": 4}}, "reason": "recount"}),
            )
        }),
        row(M::GET, "/admin/products/{id}/stock-movements", ADMIN, |ids, _| {
            call(format!("/api/admin/products/{}/stock-movements", ids.spare_product))
        }),
        row(M::DELETE, "/products/{idOrSlug}", ADMIN, |ids, _| call(format!("/api/products/{}", ids.spare_product))),
        row(M::POST, "/upload/images", ADMIN_CREATES, |_, _| Call {
            path: "/api/upload/images".into(),
            body: Body::Multipart(picture_form()),
        }),
        row(M::GET, "/admin/users", ADMIN, |_, _| call("/api/admin/users")),
        row(M::GET, "/admin/users/stats", ADMIN, |_, _| call("/api/admin/users/stats")),
        row(M::POST, "/admin/users", ADMIN_CREATES, |_, _| {
            with_json(
                "/api/admin/users",
                json!({"firstName": "Fatou", "lastName": "Fall", "email": "fatou@example.sn", "phone": "77 000 00 00", "password": "secret1"}),
            )
        }),
        row(M::GET, "/admin/users/{id}", ADMIN, |ids, _| call(format!("/api/admin/users/{}", ids.c_user))),
        row(M::PUT, "/admin/users/{id}", ADMIN, |ids, _| {
            with_json(format!("/api/admin/users/{}", ids.c_user), json!({"city": "Thiès"}))
        }),
        row(M::PUT, "/admin/users/{id}/status", ADMIN, |ids, _| {
            with_json(format!("/api/admin/users/{}/status", ids.c_user), json!({"active": false}))
        }),
        row(M::POST, "/admin/users/{id}/reset-link", ADMIN_CREATES, |ids, _| {
            call(format!("/api/admin/users/{}/reset-link", ids.c_user))
        }),
        row(M::DELETE, "/admin/users/{id}", ADMIN, |ids, _| call(format!("/api/admin/users/{}", ids.d_user))),
        row(M::GET, "/admin/newsletter.csv", ADMIN, |_, _| call("/api/admin/newsletter.csv")),
        row(M::GET, "/admin/products.csv", ADMIN, |_, _| call("/api/admin/products.csv")),
        row(M::POST, "/admin/products/import", ADMIN, |_, _| Call {
            path: "/api/admin/products/import".into(),
            body: Body::Csv(format!(
                "{}\r\npull-goree-neuf,Pull Gorée,,Laine.,15000,,non,vetement,pull,noir,M,2,,,,non,oui\r\n",
                bitik_catalog::COLUMNS.join(",")
            )),
        }),
        row(M::GET, "/admin/products/{id}/alerts", ADMIN, |ids, _| {
            call(format!("/api/admin/products/{}/alerts", ids.sold_out))
        }),
        // Promo codes: the back office makes them; a shopper checks one against their own cart.
        row(M::GET, "/admin/promo-codes", ADMIN, |_, _| call("/api/admin/promo-codes")),
        row(M::POST, "/admin/promo-codes", ADMIN_CREATES, |_, _| {
            with_json("/api/admin/promo-codes", json!({"code": "ACCES10", "kind": "percent", "value": 10}))
        }),
        row(M::PUT, "/admin/promo-codes/{id}", [401, 403, 403, 404], |_, _| {
            with_json(
                "/api/admin/promo-codes/00000000-0000-0000-0000-000000000000",
                json!({"code": "ACCES20", "kind": "percent", "value": 20}),
            )
        }),
        row(M::POST, "/cart/promo-code", [401, 409, 409, 409], |_, _| {
            with_json("/api/cart/promo-code", json!({"code": "INCONNU"}))
        }),
        // Delivery zones: the list is the shop window's, its changes the back office's. The zone
        // the admin creates is changed, then deleted.
        row(M::GET, "/admin/delivery/zones", ADMIN, |_, _| call("/api/admin/delivery/zones")),
        row(M::POST, "/admin/delivery/zones", ADMIN_CREATES, |_, _| {
            with_json("/api/admin/delivery/zones", zone_form(4_000))
        }),
        row(M::PUT, "/admin/delivery/zones/{code}", ADMIN, |_, _| {
            with_json("/api/admin/delivery/zones/zone-d-essai", zone_form(4_500))
        }),
        row(M::DELETE, "/admin/delivery/zones/{code}", ADMIN, |_, _| call("/api/admin/delivery/zones/zone-d-essai")),
        // The courier's own orders: the administrator carries none, and A's is not theirs.
        row(M::GET, "/courier/orders", ADMIN, |_, _| call("/api/courier/orders")),
        row(M::GET, "/courier/orders/{id}", [401, 403, 403, 404], |ids, _| {
            call(format!("/api/courier/orders/{}", ids.a_order))
        }),
        // « Journal »: the owner's.
        row(M::GET, "/admin/audit", ADMIN, |_, _| call("/api/admin/audit?action=order.status")),
        row(M::GET, "/admin/audit.csv", ADMIN, |_, _| call("/api/admin/audit.csv?from=2026-01-01")),
        // Last: these end or replace the caller's session.
        row(M::PUT, "/auth/password", SIGNED_IN, |_, who| {
            with_json("/api/auth/password", json!({"currentPassword": who.password(), "newPassword": who.password()}))
        }),
        row(M::POST, "/auth/logout", SIGNED_IN, |_, _| call("/api/auth/logout")),
    ]
}

fn zone_form(fee: i64) -> Value {
    json!({"name": "Zone d'essai", "fee": fee, "delay": "3 jours", "communes": [{"name": "Commune d'essai"}]})
}

fn address(street: &str) -> Value {
    json!({"firstName": "Awa", "lastName": "Diop", "phone": "77 123 45 67", "address": street, "commune": "medina",
           "landmark": "Près de la mosquée"})
}

fn line(product: &str, quantity: i64) -> Value {
    json!({"productId": product, "quantity": quantity, "size": "M", "color": "noir"})
}

fn order_body(product: &str, payment: &str, phone: &str) -> Value {
    json!({
        "items": [line(product, 1)],
        "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": phone,
                         "address": "Unité 15", "city": "Dakar", "commune": "medina", "landmark": "Près de la mosquée"},
        "paymentMethod": payment,
    })
}

fn product_form() -> Value {
    json!({
        "name": "T-shirt Gorée", "description": "Coton brodé.", "price": 8_000, "category": "vetement",
        "subcategory": "t-shirt", "colors": ["noir"], "sizes": ["M"], "stock": {"noir": {"M": 3}}
    })
}

const BOUNDARY: &str = "bitik-access-boundary";

/// A real PNG in the upload form, so the admin's call succeeds.
fn picture_form() -> Vec<u8> {
    let mut png = Vec::new();
    image::DynamicImage::new_rgb8(64, 48).write_to(&mut Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\nproduct\r\n\
         --{BOUNDARY}\r\nContent-Disposition: form-data; name=\"images\"; filename=\"a.png\"\r\n\
         Content-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(&png);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

/// The app, the four callers' tokens, and what the rows point at.
struct World {
    app: TestApp,
    /// Redirects are answers too (the simulator's buttons): not followed.
    client: reqwest::Client,
    tokens: HashMap<Who, String>,
    ids: Ids,
    /// The permission each back-office operation names in the OpenAPI document.
    permissions: HashMap<(String, String), Permission>,
    /// The audit action each back-office change declares (its `operationId`).
    actions: HashMap<(String, String), String>,
    /// The operations whose entry a successful call was seen to write.
    audited: BTreeSet<(String, String)>,
}

async fn data_of(response: reqwest::Response, status: u16) -> Value {
    assert_eq!(response.status(), status, "setting up the world");
    response.json::<Value>().await.unwrap()["data"].clone()
}

impl World {
    async fn build() -> Self {
        let app = spawn_app().await;
        let admin = app.admin_token().await;
        let (a, _) = app.register(Who::A.email(), Who::A.password()).await;
        let (b, _) = app.register(Who::B.email(), Who::B.password()).await;
        let (c, c_user) = app.register("coumba@example.sn", "secret1").await;
        let (_, d_user) = app.register("djibril@example.sn", "secret1").await;
        let product = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 50)]).await;
        let spare_product = app.product("Pull Ndar", 20_000, None, &[("noir", "M", 5)]).await;
        let sold_out = app.product("Sweat Almadies", 15_000, None, &[("noir", "M", 5), ("noir", "L", 0)]).await;

        let address = app.send(Method::POST, "/api/users/addresses", Some(&a), Some(&address("Unité 15"))).await;
        let a_address = data_of(address, 201).await["id"].as_str().unwrap().to_owned();
        let a_order = place(&app, &a, &product, "wave", Who::A.phone()).await;
        let a_cash_order = place(&app, &a, &product, "cash_on_delivery", Who::A.phone()).await;
        let a_session = open_session(&app, &a, &a_order).await;
        // After the order, which empties the cart it came from.
        let cart = app.send(Method::POST, "/api/cart/add", Some(&a), Some(&line(&product, 1))).await;
        let a_cart_item = data_of(cart, 200).await["items"][0]["id"].as_str().unwrap().to_owned();
        let c_order = place(&app, &c, &product, "cash_on_delivery", "77 000 00 14").await;
        let c_delivered_order = place(&app, &c, &product, "cash_on_delivery", "77 000 00 14").await;
        deliver(&app, &admin, &c_delivered_order).await;
        let c_delivered_round = place(&app, &c, &product, "cash_on_delivery", "77 000 00 14").await;
        deliver(&app, &admin, &c_delivered_round).await;
        let c_refused_order = place(&app, &c, &product, "cash_on_delivery", "77 000 00 14").await;
        refuse_at_the_door(&app, &admin, &c_refused_order).await;
        let c_wave_order = place(&app, &c, &product, "wave", "77 000 00 14").await;
        let c_switch_order = place(&app, &c, &product, "wave", "77 000 00 14").await;
        let c_session = open_session(&app, &c, &c_wave_order).await;

        let ids = Ids {
            product,
            spare_product,
            sold_out,
            a_address,
            a_cart_item,
            a_order,
            a_cash_order,
            a_session,
            c_order,
            c_refused_order,
            c_delivered_order,
            c_delivered_round,
            c_switch_order,
            c_user: c_user["id"].as_str().unwrap().to_owned(),
            d_user: d_user["id"].as_str().unwrap().to_owned(),
            c_session,
        };
        let mut tokens = HashMap::from([(Who::A, a), (Who::B, b), (Who::Admin, admin)]);
        // Made by the owner, as a shop makes its team (registrations are limited per address).
        for (who, role) in STAFF {
            let body = json!({"firstName": "Aïda", "lastName": who.tag(), "email": who.email(),
                "phone": who.phone(), "password": who.password(), "role": role.as_str()});
            let made = tokens[&Who::Admin].clone();
            data_of(app.send(Method::POST, "/api/admin/users", Some(&made), Some(&body)).await, 201).await;
            let login: Value = app.login(who.email(), who.password()).await.json().await.unwrap();
            tokens.insert(who, login["data"]["token"].as_str().unwrap().to_owned());
        }
        let permissions = permissions_of(&app).await;
        let actions = actions_of(&app).await;
        let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        World { app, client, tokens, ids, permissions, actions, audited: BTreeSet::new() }
    }

    /// Plays `row` as `who` and checks the status; an error answer must be the French envelope.
    async fn play(&mut self, row: &Row, who: Who) {
        let expected = self.expected(row, who);
        let Call { path, body } = (row.request)(&self.ids, who);
        let mut request = self.client.request(row.method.clone(), self.app.url(&path));
        if let Some(token) = self.tokens.get(&who) {
            request = request.bearer_auth(token);
        }
        request = match body {
            Body::None => request,
            Body::Json(json) => request.json(&json),
            Body::Multipart(bytes) => {
                request.header("content-type", format!("multipart/form-data; boundary={BOUNDARY}")).body(bytes)
            }
            Body::Csv(text) => request.header("content-type", "text/csv").body(text),
        };
        let response = request.send().await.expect("request");
        let status = response.status().as_u16();
        let what = format!("{} {path} as {who:?}", row.method);
        let request_id = crate::helpers::header(&response, "x-request-id");
        self.check_audit(row, who, status, &request_id, &what).await;
        let met = match expected {
            Expected::Status(wanted) => status == wanted,
            Expected::LetIn => status != 401 && status != 403,
        };
        if !met {
            let body = response.text().await.unwrap_or_default();
            panic!("{what}: {status} instead of {expected:?}: {body}");
        }
        if status >= 400 {
            let body = error_body(response).await;
            assert!(!body["message"].as_str().unwrap().is_empty(), "{what}: {body}");
            let expected_code = match status {
                401 if who == Who::Nobody && row.expect != [401; 4] => Some("unauthorized"),
                403 => Some("forbidden"),
                _ => None,
            };
            if let Some(code) = expected_code {
                assert_eq!(body["code"], code, "{what}: {body}");
            }
        } else if status < 300 {
            self.keep_new_token(who, response).await;
        }
    }

    /// A back-office change that changed something wrote exactly one audit entry, naming its operation's
    /// action; anything else wrote none.
    async fn check_audit(&mut self, row: &Row, who: Who, status: u16, request_id: &str, what: &str) {
        let key = (row.method.to_string(), row.route.to_owned());
        let written = self.app.audit_actions(request_id).await;
        let staff = who == Who::Admin || STAFF.iter().any(|(w, _)| *w == who);
        match self.actions.get(&key) {
            // A call repeating what the administrator did (the same form again) changes nothing
            // and writes nothing; one that changes something writes one entry.
            Some(action) if staff && (200..300).contains(&status) => {
                assert!(
                    written.len() <= 1 && written.iter().all(|w| w == action),
                    "{what}: {written:?}, not one {action}"
                );
                if written.len() == 1 {
                    self.audited.insert(key);
                }
            }
            _ => assert!(written.is_empty(), "{what} wrote audit entries {written:?}"),
        }
    }

    /// What `who` must get on `row`: the matrix's column for the four callers it names; for the
    /// team's other roles, the permission table's answer on a back-office route (let in, or 403),
    /// the administrator's column elsewhere.
    fn expected(&self, row: &Row, who: Who) -> Expected {
        if let Some(column) = WHO.iter().position(|w| *w == who) {
            return Expected::Status(row.expect[column]);
        }
        let role = STAFF.iter().find(|(w, _)| *w == who).map(|(_, role)| *role).unwrap();
        match self.permission(row) {
            Some(permission) if role.can(permission) => Expected::LetIn,
            Some(_) => Expected::Status(403),
            None => Expected::Status(row.expect[3]),
        }
    }

    /// The back-office permission `row` needs: its own, or its operation's in the document.
    fn permission(&self, row: &Row) -> Option<Permission> {
        row.needs.or_else(|| self.permissions.get(&(row.method.to_string(), row.route.to_owned())).copied())
    }

    /// A password change answers a new session and ends the old one: play on with the new.
    async fn keep_new_token(&mut self, who: Who, response: reqwest::Response) {
        let is_json =
            response.headers().get("content-type").is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
        if !is_json || who == Who::Nobody {
            return;
        }
        let body: Value = response.json().await.unwrap();
        let answered_user = &body["data"]["user"]["email"];
        if let (Some(token), Some(email)) = (body["data"]["token"].as_str(), answered_user.as_str())
            && email == who.email()
        {
            self.tokens.insert(who, token.to_owned());
        }
    }

    /// Everything A can see of their own things.
    async fn a_sees(&self) -> Value {
        let a = self.tokens[&Who::A].as_str();
        let get = |path: String| async move {
            let response = self.app.send(Method::GET, &path, Some(a), None).await;
            data_of(response, 200).await
        };
        let mut cart = get("/api/cart".into()).await;
        // The stock shown beside a line is the shop's, which others' orders rightly lower.
        for line in cart["items"].as_array_mut().unwrap() {
            line.as_object_mut().unwrap().remove("stock");
        }
        json!({
            "me": get("/api/auth/me".into()).await,
            "addresses": get("/api/users/addresses".into()).await,
            "cart": cart,
            "order": get(format!("/api/orders/{}", self.ids.a_order)).await,
            "payment": get(format!("/api/payments/wave/status/{}", self.ids.a_session)).await,
        })
    }
}

async fn place(app: &TestApp, token: &str, product: &str, payment: &str, phone: &str) -> String {
    let body = order_body(product, payment, phone);
    let response = app.send(Method::POST, "/api/orders", Some(token), Some(&body)).await;
    data_of(response, 201).await["id"].as_str().unwrap().to_owned()
}

/// The admin confirms the cash order, ships it, and records its refusal at the door.
async fn refuse_at_the_door(app: &TestApp, admin: &str, order: &str) {
    confirmed_and_then(app, admin, order, &["shipped", "refused"]).await;
}

async fn deliver(app: &TestApp, admin: &str, order: &str) {
    confirmed_and_then(app, admin, order, &["shipped", "delivered"]).await;
}

async fn confirmed_and_then(app: &TestApp, admin: &str, order: &str, statuses: &[&str]) {
    let confirmed = json!({"confirmation": "confirmed"});
    let path = format!("/api/admin/orders/{order}/confirmation");
    data_of(app.send(Method::PUT, &path, Some(admin), Some(&confirmed)).await, 200).await;
    for status in statuses {
        let path = format!("/api/admin/orders/{order}/status");
        data_of(app.send(Method::PUT, &path, Some(admin), Some(&json!({"status": status}))).await, 200).await;
    }
}

async fn open_session(app: &TestApp, token: &str, order: &str) -> String {
    let response =
        app.send(Method::POST, "/api/payments/wave/init", Some(token), Some(&json!({"orderId": order}))).await;
    data_of(response, 200).await["sessionId"].as_str().unwrap().to_owned()
}

/// The permission each operation of the live OpenAPI document names as its bearer scope.
async fn permissions_of(app: &TestApp) -> HashMap<(String, String), Permission> {
    let document: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let mut named = HashMap::new();
    for (path, operations) in document["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            let scopes = operation["security"].as_array().into_iter().flatten().filter_map(|s| s["bearer"].as_array());
            for scope in scopes.flatten() {
                let code = scope.as_str().unwrap();
                let permission =
                    Permission::parse(code).unwrap_or_else(|| panic!("{method} {path}: unknown permission {code}"));
                named.insert((method.to_uppercase(), path.clone()), permission);
            }
        }
    }
    named
}

/// The audit action each operation of the live OpenAPI document declares as its `operationId`
/// (`order.status`): the back office's changes and downloads.
async fn actions_of(app: &TestApp) -> HashMap<(String, String), String> {
    let document: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let mut declared = HashMap::new();
    for (path, operations) in document["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            if let Some(action) = operation["operationId"].as_str().filter(|id| id.contains('.')) {
                declared.insert((method.to_uppercase(), path.clone()), action.to_owned());
            }
        }
    }
    declared
}

/// The back-office changes whose success the matrix cannot play (nothing to resend, no Wave
/// refund to check, no code to change, no authenticator app), audited by the tests named here.
const AUDITED_ELSEWHERE: [(&str, &str, &str); 6] = [
    ("POST", "/admin/messages/{id}/resend", "messages.rs: without_smtp_messages_are_kept_as_not_sent_…"),
    ("POST", "/admin/conversations/{phone}/reply", "whatsapp.rs: statuses_move_forward_a_customer_s_text_…"),
    ("POST", "/admin/orders/{id}/refund/check", "refunds.rs: a_lost_answer_leaves_the_refund_to_check_…"),
    ("PUT", "/admin/promo-codes/{id}", "promo_codes.rs: a_changed_code_is_in_the_audit_log_with_what_changed"),
    ("POST", "/auth/2fa/enable", "two_factor.rs: the_journal_keeps_a_staff_member_s_logins_…"),
    ("POST", "/auth/2fa/disable", "two_factor.rs: the_journal_keeps_a_staff_member_s_logins_…"),
];

#[tokio::test]
async fn every_back_office_change_and_download_declares_its_audit_action() {
    let app = spawn_app().await;
    let permissions = permissions_of(&app).await;
    let actions = actions_of(&app).await;
    for (method, path) in permissions.keys() {
        let changes = method != "GET" || path.ends_with(".csv");
        if changes {
            assert!(
                actions.contains_key(&(method.clone(), path.clone())),
                "{method} {path} changes something or hands out a file: its operation must declare its audit action (operation_id = \"kind.verb\")"
            );
        }
    }
}

/// Every operation of the live OpenAPI document, as (METHOD, path).
async fn documented_routes(app: &TestApp) -> BTreeSet<(String, String)> {
    let document: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let paths = document["paths"].as_object().expect("paths in the OpenAPI document");
    paths
        .iter()
        .flat_map(|(path, operations)| {
            operations.as_object().unwrap().keys().map(move |method| (method.to_uppercase(), path.clone()))
        })
        .filter(|(method, _)| ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(&method.as_str()))
        .collect()
}

#[tokio::test]
async fn every_documented_route_has_a_row_in_the_matrix() {
    let app = spawn_app().await;
    let documented = documented_routes(&app).await;
    let rows: BTreeSet<(String, String)> =
        matrix().iter().map(|row| (row.method.to_string(), row.route.to_owned())).collect();
    let unchecked: Vec<_> = documented.difference(&rows).collect();
    assert!(unchecked.is_empty(), "routes with no row in the access matrix (tests/api/access.rs): {unchecked:?}");
    let undocumented: Vec<_> = rows.difference(&documented).collect();
    assert!(undocumented.is_empty(), "rows for routes the document does not list: {undocumented:?}");
    assert!(documented.len() >= 60, "the document lists {} operations", documented.len());
}

#[tokio::test]
async fn every_route_answers_each_caller_as_the_matrix_says_and_b_never_touches_a() {
    let mut world = World::build().await;
    let rows = matrix();
    let before = world.a_sees().await;
    // First the intruders, nobody and B, on every row; then A and the admin, who may spend
    // A's things and the back office's.
    for row in &rows {
        world.play(row, Who::Nobody).await;
        world.play(row, Who::B).await;
    }
    assert_eq!(world.a_sees().await, before, "nobody's or B's requests changed A's things");
    for row in &rows {
        world.play(row, Who::A).await;
        world.play(row, Who::Admin).await;
    }
    // Then the team's other roles, after the administrator whose statuses are exact; a row that
    // answers everyone alike (no session involved: registration, login…) tells nothing more, and
    // its limits per address are the four callers' already.
    for row in &rows {
        if world.permission(row).is_none() && row.expect.iter().all(|status| *status == row.expect[0]) {
            continue;
        }
        for (who, _) in STAFF {
            world.play(row, who).await;
        }
    }
    let elsewhere: BTreeSet<(String, String)> =
        AUDITED_ELSEWHERE.iter().map(|(method, path, _)| ((*method).to_owned(), (*path).to_owned())).collect();
    let unaudited: Vec<_> =
        world.actions.keys().filter(|key| !world.audited.contains(*key) && !elsewhere.contains(*key)).collect();
    assert!(unaudited.is_empty(), "back-office changes never seen writing their audit entry: {unaudited:?}");
    let login: Value = world.app.login(Who::Admin.email(), Who::Admin.password()).await.json().await.unwrap();
    let admin = login["data"]["token"].as_str().unwrap();
    let order =
        world.app.send(Method::GET, &format!("/api/admin/orders/{}", world.ids.a_order), Some(admin), None).await;
    assert_eq!(data_of(order, 200).await["status"], "cancelled", "A, and only A, cancelled their order");
}

// Session tokens ---------------------------------------------------------------------------------

/// The development secret the test app signs with (no `JWT_SECRET` in the test configuration).
const DEV_SECRET: &[u8] = b"bitik-development-secret-do-not-use-in-production";

/// Base64url without padding, as JWTs write their parts.
fn b64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// The user `id` as a token would describe them; `token_version` 0 is a new account's.
pub(crate) fn user_as(id: &str, role: bitik_identity::Role) -> bitik_identity::User {
    bitik_identity::User {
        id: id.parse().unwrap(),
        email: Some(bitik_common::Email::parse("awa@example.sn").unwrap()),
        first_name: String::new(),
        last_name: String::new(),
        phone: String::new(),
        address: String::new(),
        city: String::new(),
        zip_code: String::new(),
        country: String::new(),
        role,
        active: true,
        token_version: 0,
        password_reset_requested_at: None,
        two_factor_enabled: false,
        login_phone: None,
        created_at: chrono::Utc::now(),
    }
}

fn signed_with(secret: &[u8], lifetime_secs: u64, user: &bitik_identity::User) -> String {
    bitik_identity::TokenService::new(secret, std::time::Duration::from_secs(lifetime_secs)).issue(user)
}

async fn assert_session_refused(app: &TestApp, token: &str, what: &str) {
    for path in ["/api/auth/me", "/api/admin/users"] {
        let response = app.send(Method::GET, path, Some(token), None).await;
        assert_eq!(response.status(), 401, "{what} on {path}");
        let body = error_body(response).await;
        assert_eq!(body["code"], "session_expired", "{what} on {path}");
        assert_eq!(body["message"], "Votre session a expiré. Veuillez vous reconnecter.", "{what} on {path}");
    }
}

#[tokio::test]
async fn forged_and_expired_tokens_get_401_with_the_french_envelope() {
    use bitik_identity::Role;
    let app = spawn_app().await;
    let (token, user) = app.register(Who::A.email(), Who::A.password()).await;
    let id = user["id"].as_str().unwrap();
    // The reference: a token made like the forgeries below, but honest, works. So each
    // forgery below fails for the one thing it changes.
    let honest = signed_with(DEV_SECRET, 3600, &user_as(id, Role::Customer));
    assert_eq!(app.send(Method::GET, "/api/auth/me", Some(&honest), None).await.status(), 200);

    let now = chrono::Utc::now().timestamp();
    let admin_claims = json!({"sub": id, "role": "admin", "ver": 0, "iat": now, "exp": now + 3600}).to_string();
    let header_none = b64url(br#"{"alg":"none","typ":"JWT"}"#);
    let alg_none = format!("{header_none}.{}.", b64url(admin_claims.as_bytes()));
    let parts: Vec<&str> = token.split('.').collect();
    let payload_edited = format!("{}.{}.{}", parts[0], b64url(admin_claims.as_bytes()), parts[2]);
    let other_key_admin = signed_with(b"another-secret-of-at-least-32-bytes!", 3600, &user_as(id, Role::Admin));
    let expired = signed_with(DEV_SECRET, 0, &user_as(id, Role::Customer));
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    for (what, forged) in [
        ("alg none", alg_none.as_str()),
        ("payload edited to admin, not re-signed", payload_edited.as_str()),
        ("signed with another key, claiming admin", other_key_admin.as_str()),
        ("expired", expired.as_str()),
        ("not a token", "abc.def.ghi"),
    ] {
        assert_session_refused(&app, forged, what).await;
    }
}

#[tokio::test]
async fn the_role_is_the_databases_not_the_tokens() {
    let app = spawn_app().await;
    let (_, user) = app.register(Who::A.email(), Who::A.password()).await;
    // Even correctly signed, a token's claim to be admin gives a customer nothing.
    let claims_admin =
        signed_with(DEV_SECRET, 3600, &user_as(user["id"].as_str().unwrap(), bitik_identity::Role::Admin));
    assert_eq!(app.send(Method::GET, "/api/auth/me", Some(&claims_admin), None).await.status(), 200);
    let response = app.send(Method::GET, "/api/admin/users", Some(&claims_admin), None).await;
    assert_eq!(response.status(), 403);
    assert_eq!(error_body(response).await["message"], "Cette section est réservée à l'équipe de la boutique.");
}

#[tokio::test]
async fn tokens_of_deleted_and_deactivated_users_get_401_with_the_french_envelope() {
    let app = spawn_app().await;
    let (gone, _) = app.register("gone@example.sn", "secret1").await;
    let (off, _) = app.register("off@example.sn", "secret1").await;
    app.sql("DELETE FROM users WHERE email = 'gone@example.sn'").await;
    // Only `active` changes: the token's version still matches.
    app.sql("UPDATE users SET active = false WHERE email = 'off@example.sn'").await;
    assert_session_refused(&app, &gone, "deleted user").await;
    assert_session_refused(&app, &off, "deactivated user").await;
}

#[tokio::test]
async fn a_missing_or_malformed_authorization_is_asked_to_log_in() {
    let app = spawn_app().await;
    let (token, _) = app.register(Who::A.email(), Who::A.password()).await;
    for header in ["", "Bearer", "Bearer ", &format!("Basic {token}"), &format!("Token {token}")] {
        let mut request = app.client.get(app.url("/api/auth/me"));
        if !header.is_empty() {
            request = request.header("authorization", header);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 401, "{header:?}");
        let body = error_body(response).await;
        assert_eq!(body["code"], "unauthorized", "{header:?}");
        assert_eq!(body["message"], "Veuillez vous connecter pour continuer.", "{header:?}");
    }
}
