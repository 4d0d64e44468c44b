//! Each template rendered for a fixed order, its subject and text compared to the reviewed copy
//! in `snapshots/` (`UPDATE_SNAPSHOTS=1` rewrites them, to be read before committing).

use std::path::PathBuf;

use bitik_common::{Money, Shop};
use chrono::{TimeZone, Utc};
use uuid::Uuid;

use super::*;

fn templates() -> Templates {
    Templates::new(
        Shop {
            name: "Bitik Dakar".to_owned(),
            phone: "+221 77 000 00 00".to_owned(),
            whatsapp: "221770000000".to_owned(),
            email: "contact@bitik.sn".to_owned(),
            address: "Parcelles Assainies, Dakar, Sénégal".to_owned(),
            ..Shop::default()
        },
        "https://bitik.sn/",
    )
}

fn order(next: NextStep) -> OrderSummary {
    OrderSummary {
        id: Uuid::from_u128(0x1234),
        link: "https://bitik.sn/orders/00000000-0000-0000-0000-000000001234?k=4f9c2a7e1b3d5f6081a2c3e4d5f60718"
            .to_owned(),
        number: "ORD-2611271234".to_owned(),
        first_name: "Awa".to_owned(),
        customer: "Awa Diop, +221 77 123 45 67".to_owned(),
        lines: vec![
            Row { label: "2 × Robe wax".to_owned(), detail: "Rouge, M".to_owned(), amount: Money::francs(25_000) },
            Row {
                label: "1 × Foulard".to_owned(),
                detail: "Bleu, taille unique".to_owned(),
                amount: Money::francs(3_500),
            },
        ],
        subtotal: Money::francs(28_500),
        shipping_cost: Money::francs(1_500),
        discount: Money::ZERO,
        total: Money::francs(30_000),
        delivery: "Standard, 12 rue 10, Médina (repère : près de la mosquée)".to_owned(),
        payment_method: match next {
            NextStep::CashOnDelivery => "Paiement à la livraison".to_owned(),
            _ => "Wave".to_owned(),
        },
        next,
    }
}

fn check(name: &str, rendered: &Rendered) {
    check_file(&format!("{name}.txt"), &format!("Objet : {}\n\n{}", rendered.subject, rendered.text));
    check_html(name, rendered);
}

/// `actual` compared to `snapshots/<file>`, or written there with `UPDATE_SNAPSHOTS`.
fn check_file(file: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("snapshots").join(file);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} is missing: run with UPDATE_SNAPSHOTS=1 and read it", path.display()));
    assert_eq!(actual, expected, "{file} changed: if on purpose, UPDATE_SNAPSHOTS=1 and read the new snapshot");
}

/// The HTML part says what the text says, loads nothing but the shop's logo from the shop, and
/// fits a phone.
fn check_html(name: &str, rendered: &Rendered) {
    let html = &rendered.html;
    assert!(html.contains("name=\"viewport\""), "{name}: no viewport");
    assert_eq!(html.matches("<img").count(), 1, "{name}: the logo, and no other picture");
    assert!(
        html.contains("<img src=\"https://bitik.sn/logo.png\" width=\"48\" height=\"48\" alt=\"\""),
        "{name}: the logo, at the shop's own address"
    );
    assert_eq!(html.matches("src=").count(), 1, "{name}: nothing else is loaded");
    assert!(!html.contains("<link") && !html.contains("<script") && !html.contains("<style"), "{name}");
    assert!(html.contains("Bitik Dakar") && html.contains("+221 77 000 00 00"), "{name}: no contacts");
    for word in ["ORD-2611271234", "30 000 FCFA"] {
        if rendered.text.contains(word) {
            assert!(html.contains(word), "{name}: the HTML lacks {word}");
        }
    }
}

#[test]
fn order_placed_with_wave() {
    check("order_placed_wave", &templates().order_placed(&order(NextStep::PayWithWave)));
}

#[test]
fn order_placed_cash_on_delivery() {
    check("order_placed_cash_on_delivery", &templates().order_placed(&order(NextStep::CashOnDelivery)));
}

#[test]
fn shop_new_order() {
    check("shop_new_order", &templates().shop_new_order(&order(NextStep::PayWithWave)));
}

#[test]
fn confirmation_asked() {
    let link = "https://bitik.sn/confirm/00000000000000000000000000001234abcdef";
    let rendered = templates().confirmation_asked(&order(NextStep::CashOnDelivery), link);
    check("confirmation_asked", &rendered);
    // Its HTML too, every kind of block in it (paragraphs, table, facts, button, small print):
    // the markup shared by every message, logo included.
    check_file("confirmation_asked.html", &rendered.html);
}

#[test]
fn payment_received() {
    check("payment_received", &templates().payment_received(&order(NextStep::Paid), Money::francs(30_000)));
}

#[test]
fn shipped_with_courier_and_tracking_note() {
    let rendered = templates().status_changed(
        &order(NextStep::CashOnDelivery),
        StatusNotice::Shipped,
        "Livraison prévue demain matin",
        Some(("Modou Fall", "+221 77 765 43 21")),
    );
    check("order_shipped", &rendered);
}

#[test]
fn delivered() {
    check("order_delivered", &templates().status_changed(&order(NextStep::Paid), StatusNotice::Delivered, "", None));
}

#[test]
fn cancelled() {
    check(
        "order_cancelled",
        &templates().status_changed(&order(NextStep::PayWithWave), StatusNotice::Cancelled, "", None),
    );
}

#[test]
fn refused() {
    check(
        "order_refused",
        &templates().status_changed(&order(NextStep::CashOnDelivery), StatusNotice::Refused, "", None),
    );
}

#[test]
fn refunded() {
    check("refunded", &templates().refunded(&order(NextStep::Paid), Money::francs(30_000), "Wave"));
}

#[test]
fn login_code() {
    check("login_code", &templates().login_code("042917"));
}

#[test]
fn reset_link() {
    let expires = Utc.with_ymd_and_hms(2026, 11, 27, 15, 5, 0).unwrap();
    check("reset_link", &templates().reset_link("https://bitik.sn/reset-password/abc123", expires));
}

#[test]
fn back_in_stock() {
    let item = BackInStock {
        product_name: "T-shirt Teranga".to_owned(),
        slug: "t-shirt-teranga".to_owned(),
        color: "noir".to_owned(),
        size: "M".to_owned(),
        token: Uuid::from_u128(0xabcd),
    };
    let rendered = templates().back_in_stock(&item);
    check("back_in_stock", &rendered);
    assert!(rendered.html.contains("href=\"https://bitik.sn/product/t-shirt-teranga\""), "the product's link");
    assert!(rendered.html.contains("https://bitik.sn/alerts/unsubscribe/00000000-0000-0000-0000-00000000abcd"));
}

#[test]
fn what_a_customer_typed_cannot_become_markup() {
    let mut tricky = order(NextStep::Paid);
    tricky.first_name = "<b>Awa</b>".to_owned();
    tricky.lines[0].label = "Robe \"wax\" & <script>".to_owned();
    let rendered = templates().order_placed(&tricky);
    assert!(rendered.html.contains("Bonjour &lt;b&gt;Awa&lt;/b&gt;,"));
    assert!(rendered.html.contains("Robe &quot;wax&quot; &amp; &lt;script&gt;"));
    assert!(!rendered.html.contains("<script>"));
    assert!(rendered.text.contains("Bonjour <b>Awa</b>,"));
}

#[test]
fn a_discount_is_listed_only_when_there_is_one() {
    let mut discounted = order(NextStep::Paid);
    discounted.discount = Money::francs(2_000);
    assert!(templates().order_placed(&discounted).text.contains("Remise : 2 000 FCFA"));
    assert!(!templates().order_placed(&order(NextStep::Paid)).text.contains("Remise"));
}

#[test]
fn the_logo_is_the_png_the_shop_serves() {
    assert!(LOGO_PNG.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
    // Width and height, big-endian in the IHDR chunk: drawn at twice the size it is shown.
    assert_eq!((&LOGO_PNG[16..20], &LOGO_PNG[20..24]), (&96u32.to_be_bytes()[..], &96u32.to_be_bytes()[..]));
    assert_eq!(LOGO_PATH, "/logo.png");
}

mod on_whatsapp {
    use super::*;
    use crate::templates::whatsapp::{SPECS, WhatsAppTemplates};

    fn whatsapp() -> WhatsAppTemplates {
        WhatsAppTemplates::new("Bitik Dakar", |spec| {
            (spec.kind == MessageKind::OrderShipped).then(|| "expedition_v2".to_owned())
        })
    }

    #[test]
    fn each_body_numbers_its_variables_in_order_and_neither_starts_nor_ends_with_one() {
        for spec in SPECS {
            for n in 1..=spec.variables.len() {
                assert_eq!(spec.body.matches(&format!("{{{{{n}}}}}")).count(), 1, "{} {{{{{n}}}}}", spec.default_name);
            }
            let next = format!("{{{{{}}}}}", spec.variables.len() + 1);
            assert!(!spec.body.contains(&next), "{}: more variables than described", spec.default_name);
            assert!(!spec.body.starts_with("{{") && !spec.body.trim_end().ends_with("}}"), "{}", spec.default_name);
            assert!(spec.body.chars().count() <= 1024, "{}: Meta's limit", spec.default_name);
        }
    }

    #[test]
    fn docs_messages_md_lists_each_template_as_submitted() {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/messages.md");
        let docs = std::fs::read_to_string(path).unwrap();
        for spec in SPECS {
            let heading = format!("`{}` (`{}`)", spec.default_name, spec.setting);
            assert!(docs.contains(&heading), "docs/messages.md lacks {heading}");
            assert!(
                docs.contains(&format!("```text\n{}\n```", spec.body)),
                "docs/messages.md lacks {}'s body",
                spec.default_name
            );
            for variable in spec.variables {
                assert!(docs.contains(variable), "docs/messages.md lacks {}'s « {variable} »", spec.default_name);
            }
        }
    }

    #[test]
    fn the_texts_the_customer_reads() {
        let wa = whatsapp();
        let cod = order(NextStep::CashOnDelivery);
        let mut all = Vec::new();
        let mut push = |label: &str, text: crate::templates::whatsapp::WhatsAppText| {
            all.push(format!("== {label} ({}) {:?}\n{}\n", text.template.name, text.template.buttons, text.text));
        };
        push("order_placed, Wave", wa.order_placed(&order(NextStep::PayWithWave)));
        push("order_placed, cash", wa.order_placed(&cod));
        let link = "https://bitik.sn/confirm/00000000000000000000000000001234abcdef";
        push(
            "confirmation_asked",
            wa.confirmation_asked(&cod, link, ["confirmer:1234abcdef".into(), "annuler:1234abcdef".into()]),
        );
        push("payment_received", wa.payment_received(&order(NextStep::Paid), Money::francs(30_000)));
        push(
            "order_shipped",
            wa.status_changed(
                &cod,
                StatusNotice::Shipped,
                "Livraison prévue\ndemain matin.",
                Some(("Modou Fall", "+221 77 765 43 21")),
            ),
        );
        push(
            "order_shipped, nothing known",
            wa.status_changed(&order(NextStep::Paid), StatusNotice::Shipped, "", None),
        );
        push("order_delivered", wa.status_changed(&cod, StatusNotice::Delivered, "", None));
        push("order_cancelled", wa.status_changed(&cod, StatusNotice::Cancelled, "", None));
        push("order_refused", wa.status_changed(&cod, StatusNotice::Refused, "", None));
        push("refunded", wa.refunded(&cod, Money::francs(30_000), "Transfert Wave"));
        check_file("whatsapp.txt", &all.join("\n"));
        let shipped = wa.status_changed(&cod, StatusNotice::Shipped, "Livraison prévue\ndemain matin.", None);
        assert!(
            shipped.template.variables.iter().all(|v| !v.contains('\n') && !v.contains("    ") && !v.is_empty()),
            "Meta refuses a variable with a new line, a run of spaces, or nothing"
        );
    }
}
