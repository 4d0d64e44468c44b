//! What the triggers gathered: one JSON object per row changed (`table`, `old`, `new`), one per
//! line, in the order of the changes.

use serde_json::{Map, Value};

use bitik_identity::audit::Target;

/// One row's change; `old` is absent for an insert, `new` for a delete.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct RowChange {
    pub table: String,
    pub old: Option<Map<String, Value>>,
    pub new: Option<Map<String, Value>>,
}

pub(super) fn read_gathered(text: &str) -> Vec<RowChange> {
    text.lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter_map(|value| {
            let object = |key: &str| value.get(key).and_then(Value::as_object).cloned();
            Some(RowChange { table: value.get("table")?.as_str()?.to_owned(), old: object("old"), new: object("new") })
        })
        .collect()
}

impl RowChange {
    /// The row as it is now, or as it was when deleted.
    pub fn row(&self) -> &Map<String, Value> {
        static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
        self.new.as_ref().or(self.old.as_ref()).unwrap_or_else(|| EMPTY.get_or_init(Map::new))
    }

    pub fn text(&self, column: &str) -> String {
        match self.row().get(column) {
            Some(Value::String(text)) => text.clone(),
            Some(Value::Null) | None => String::new(),
            Some(other) => other.to_string(),
        }
    }

    /// What this row belongs to in the back office's words: an order's lines, history, payments
    /// and refunds belong to the order; a variant to its product; a commune to its zone.
    pub fn target(&self) -> Option<Target> {
        let (kind, id, label) = match self.table.as_str() {
            "orders" => ("order", "id", Some("order_number")),
            "order_items"
            | "order_status_history"
            | "payments"
            | "refunds"
            | "order_confirmations"
            | "order_confirmation_attempts"
            | "invoices" => ("order", "order_id", None),
            "products" => ("product", "id", Some("name")),
            "product_variants" => ("product", "product_id", None),
            "users" => ("user", "id", Some("email")),
            "password_reset_tokens" => ("user", "user_id", None),
            "promo_codes" => ("promo_code", "id", Some("code")),
            "delivery_zones" => ("delivery_zone", "code", Some("name")),
            "delivery_communes" => ("delivery_zone", "zone_code", None),
            "phone_records" => ("phone", "phone", Some("phone")),
            "messages" => ("message", "id", Some("subject")),
            _ => return None,
        };
        Some(Target { kind: kind.into(), id: self.text(id), label: label.map(|l| self.text(l)).unwrap_or_default() })
    }

    /// Whether this row is its target's own (the order's row, not one of its lines).
    pub fn is_main(&self) -> bool {
        matches!(
            self.table.as_str(),
            "orders" | "products" | "users" | "promo_codes" | "delivery_zones" | "phone_records" | "messages"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gathered_lines_read_back_into_rows_and_their_targets() {
        let text = concat!(
            r#"{"table": "product_variants", "old": {"id": "v1", "product_id": "p1", "stock": 4}, "new": {"id": "v1", "product_id": "p1", "stock": 2}}"#,
            "\n",
            r#"{"table": "orders", "old": null, "new": {"id": "o1", "order_number": "ORD-1"}}"#,
            "\nnot json\n"
        );
        let rows = read_gathered(text);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].target(), Some(Target { kind: "product".into(), id: "p1".into(), label: String::new() }));
        assert!(!rows[0].is_main());
        assert_eq!(rows[1].old, None);
        assert_eq!(rows[1].target().unwrap().label, "ORD-1");
        assert!(rows[1].is_main());
    }
}
