//! From the rows a request changed to its entry: the target, the changed fields named as the
//! back office reads them, before and after. Columns the shop derives or keeps for itself
//! (timestamps, search text, token versions) are left out; secrets are never copied.

use serde_json::{Map, Value};

use bitik_identity::audit::{Change, Target, kind_of};

use super::rows::RowChange;

/// Most fields one entry keeps (a catalogue import changes thousands): the rest is counted.
const MAX_CHANGES: usize = 200;
/// Longest text kept of one value.
const MAX_VALUE_CHARS: usize = 500;

const LEFT_OUT: [&str; 13] = [
    "id",
    "created_at",
    "updated_at",
    "search_text",
    "effective_price",
    "token_version",
    "two_factor_last_step",
    "body_text",
    "body_html",
    "content",
    "next_attempt_at",
    "requested_at",
    "issued_at",
];
const SECRET: [&str; 3] = ["password_hash", "token_hash", "two_factor_secret"];
/// The columns naming a row's owner, said by its target rather than as a field.
const OWNERS: [&str; 6] = ["order_id", "product_id", "user_id", "zone_code", "created_by", "position"];

/// The entry of a request whose action is `action` (its path naming `hint`), from the rows it
/// changed: its action (a user's role changed is `user.role`), target and changes. `None` when
/// nothing the log keeps changed (a message queued, a timestamp).
pub(super) fn compose(
    action: &str,
    hint: Option<&Target>,
    rows: &[RowChange],
) -> Option<(String, Target, Vec<Change>)> {
    // A message written as an event's consequence is not the change, except staff's own answer.
    let written = |row: &RowChange| row.table == "messages" && row.old.is_none() && action != "conversation.reply";
    let rows: Vec<&RowChange> = rows.iter().filter(|row| !written(row)).collect();
    let target = target(action, hint, &rows);
    let mut changes = Vec::new();
    for row in &rows {
        changes.extend(row_changes(row, &target));
    }
    if changes.is_empty() {
        return None;
    }
    let action = if action == "user.update" && changes.iter().any(|c| c.field == "role") {
        "user.role".to_owned()
    } else {
        action.to_owned()
    };
    if changes.len() > MAX_CHANGES {
        let more = changes.len() - MAX_CHANGES;
        changes.truncate(MAX_CHANGES);
        changes.push(Change { field: format!("… et {more} autres champs"), before: Value::Null, after: Value::Null });
    }
    Some((action, target, changes))
}

/// The row targets of the action's kind: one is the target; several (a round of cash) are
/// named together; none leaves the path's, or the kind alone.
fn target(action: &str, hint: Option<&Target>, rows: &[&RowChange]) -> Target {
    let kind = kind_of(action);
    let mut of_kind: Vec<Target> = Vec::new();
    for found in rows.iter().filter_map(|row| row.target()).filter(|t| t.kind == kind) {
        match of_kind.iter_mut().find(|t| t.id == found.id) {
            Some(known) if known.label.is_empty() => known.label = found.label,
            Some(_) => {}
            None => of_kind.push(found),
        }
    }
    match (of_kind.len(), hint) {
        (1, _) => of_kind.remove(0),
        (0, Some(hint)) => hint.clone(),
        (0, None) => Target::new(kind, ""),
        (_, Some(hint)) if of_kind.iter().any(|t| t.id == hint.id) => {
            of_kind.into_iter().find(|t| t.id == hint.id).unwrap_or_else(|| hint.clone())
        }
        _ => {
            let labels: Vec<String> =
                of_kind.iter().map(|t| if t.label.is_empty() { t.id.clone() } else { t.label.clone() }).collect();
            Target { kind: kind.to_owned(), id: String::new(), label: clip(&labels.join(", ")) }
        }
    }
}

/// How a row that is not its target's own is named: a variant by its colour and size, an
/// order's line by its article.
fn row_name(row: &RowChange) -> String {
    match row.table.as_str() {
        "product_variants" => format!("stock {}/{}", row.text("color"), row.text("size")),
        "order_items" => format!("article {} {}/{}", row.text("name"), row.text("color"), row.text("size")),
        "order_status_history" => "historique".into(),
        "payments" => "paiement".into(),
        "refunds" => "remboursement".into(),
        "order_confirmations" => "confirmation".into(),
        "order_confirmation_attempts" => "appel".into(),
        "invoices" => "facture".into(),
        "password_reset_tokens" => "lien de réinitialisation".into(),
        "delivery_communes" => format!("commune {}", row.text("name")),
        other => other.to_owned(),
    }
}

/// The column a row is summed up by when it appears or goes (a variant's stock).
fn value_column(table: &str) -> Option<&'static str> {
    match table {
        "product_variants" => Some("stock"),
        "order_items" => Some("quantity"),
        "delivery_communes" => Some("name"),
        _ => None,
    }
}

fn row_changes(row: &RowChange, target: &Target) -> Vec<Change> {
    let own = row.target();
    let is_target = own.as_ref().is_some_and(|t| t.kind == target.kind && t.id == target.id);
    let mut prefix = if row.is_main() && is_target { String::new() } else { row_name(row) };
    if !is_target && let Some(own) = own {
        let name = if own.label.is_empty() { own.id } else { own.label };
        prefix = if prefix == row.table || prefix.is_empty() { name } else { format!("{name} › {prefix}") };
    }
    let (old, new) = (row.old.as_ref(), row.new.as_ref());
    if !prefix.is_empty() && (old.is_none() || new.is_none()) {
        return vec![appeared_or_gone(row, prefix)];
    }
    let columns: Vec<&String> = row.row().keys().filter(|c| kept(c)).collect();
    let mut changes = Vec::new();
    for column in columns {
        let before = old.and_then(|o| o.get(column)).cloned().unwrap_or(Value::Null);
        let after = new.and_then(|n| n.get(column)).cloned().unwrap_or(Value::Null);
        if before == after || (old.is_none() && after.is_null()) {
            continue;
        }
        let field = match (prefix.is_empty(), value_column(&row.table) == Some(column.as_str())) {
            (true, _) => camel(column),
            (false, true) => prefix.clone(),
            (false, false) => format!("{prefix}.{}", camel(column)),
        };
        changes.push(shown(field, column, before, after));
    }
    changes
}

/// A line, a variant, a refund… added or removed: one change, its value or its fields.
fn appeared_or_gone(row: &RowChange, field: String) -> Change {
    let value = match value_column(&row.table) {
        Some(column) => row.row().get(column).cloned().unwrap_or(Value::Null),
        None => Value::Object(
            row.row()
                .iter()
                .filter(|(c, _)| kept(c) && !OWNERS.contains(&c.as_str()) && !SECRET.contains(&c.as_str()))
                .map(|(c, v)| (camel(c), clipped(v.clone())))
                .collect::<Map<String, Value>>(),
        ),
    };
    match row.old {
        None => Change { field, before: Value::Null, after: value },
        Some(_) => Change { field, before: value, after: Value::Null },
    }
}

fn kept(column: &str) -> bool {
    !LEFT_OUT.contains(&column)
}

fn shown(field: String, column: &str, before: Value, after: Value) -> Change {
    if SECRET.contains(&column) {
        let hidden = |v: &Value| if v.is_null() { Value::Null } else { Value::String("••••••".into()) };
        return Change { field, before: hidden(&before), after: hidden(&after) };
    }
    Change { field, before: clipped(before), after: clipped(after) }
}

fn clipped(value: Value) -> Value {
    match value {
        Value::String(text) if text.chars().count() > MAX_VALUE_CHARS => Value::String(clip(&text)),
        other => other,
    }
}

fn clip(text: &str) -> String {
    if text.chars().count() <= MAX_VALUE_CHARS {
        return text.to_owned();
    }
    let mut kept: String = text.chars().take(MAX_VALUE_CHARS).collect();
    kept.push('…');
    kept
}

/// `payment_status` → `paymentStatus`, as the API names fields.
fn camel(column: &str) -> String {
    let mut out = String::with_capacity(column.len());
    let mut upper = false;
    for c in column.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn row(table: &str, old: Option<Value>, new: Option<Value>) -> RowChange {
        let object = |v: Value| v.as_object().unwrap().clone();
        RowChange { table: table.into(), old: old.map(object), new: new.map(object) }
    }

    fn order(status: &str) -> Value {
        json!({"id": "o1", "order_number": "ORD-1", "status": status, "payment_status": "pending", "updated_at": status})
    }

    #[test]
    fn a_status_change_names_the_order_and_only_what_changed() {
        let rows = vec![
            row("orders", Some(order("pending")), Some(order("processing"))),
            row(
                "order_status_history",
                None,
                Some(json!({"id": "h1", "order_id": "o1", "status": "processing", "note": ""})),
            ),
            row("messages", None, Some(json!({"id": "m1", "kind": "status", "order_id": "o1"}))),
        ];
        let hint = Target::new("order", "o1");
        let (action, target, changes) = compose("order.status", Some(&hint), &rows).unwrap();
        assert_eq!(action, "order.status");
        assert_eq!(target, Target { kind: "order".into(), id: "o1".into(), label: "ORD-1".into() });
        assert_eq!(changes[0], Change { field: "status".into(), before: json!("pending"), after: json!("processing") });
        assert_eq!(changes[1].field, "historique");
        assert_eq!(changes[1].after, json!({"status": "processing", "note": ""}));
        assert_eq!(changes.len(), 2, "the queued message is not a change: {changes:?}");
    }

    #[test]
    fn a_stock_adjustment_names_the_variant() {
        let variant =
            |stock: i64| json!({"id": "v1", "product_id": "p1", "color": "noir", "size": "M", "stock": stock});
        let rows = vec![row("product_variants", Some(variant(5)), Some(variant(3)))];
        let (_, target, changes) = compose("stock.adjust", Some(&Target::new("product", "p1")), &rows).unwrap();
        assert_eq!((target.kind.as_str(), target.id.as_str()), ("product", "p1"));
        assert_eq!(changes, vec![Change { field: "stock noir/M".into(), before: json!(5), after: json!(3) }]);
    }

    #[test]
    fn a_role_change_is_its_own_action_and_secrets_stay_hidden() {
        let user = |role: &str, hash: &str| json!({"id": "u1", "email": "awa@bitik.sn", "role": role, "password_hash": hash, "token_version": 1});
        let rows = vec![row("users", Some(user("seller", "a")), Some(user("manager", "b")))];
        let (action, target, changes) = compose("user.update", None, &rows).unwrap();
        assert_eq!(action, "user.role");
        assert_eq!(target.label, "awa@bitik.sn");
        assert!(changes.contains(&Change { field: "role".into(), before: json!("seller"), after: json!("manager") }));
        let hidden = changes.iter().find(|c| c.field == "passwordHash").unwrap();
        assert_eq!((hidden.before.clone(), hidden.after.clone()), (json!("••••••"), json!("••••••")));
    }

    #[test]
    fn several_orders_are_named_together_and_nothing_changed_writes_nothing() {
        let paid =
            |id: &str, number: &str, status: &str| json!({"id": id, "order_number": number, "payment_status": status});
        let rows = vec![
            row("orders", Some(paid("o1", "ORD-1", "pending")), Some(paid("o1", "ORD-1", "paid"))),
            row("orders", Some(paid("o2", "ORD-2", "pending")), Some(paid("o2", "ORD-2", "paid"))),
        ];
        let (_, target, changes) = compose("payment.cash_received", None, &rows).unwrap();
        assert_eq!((target.id.as_str(), target.label.as_str()), ("", "ORD-1, ORD-2"));
        let fields: Vec<&str> = changes.iter().map(|c| c.field.as_str()).collect();
        assert_eq!(fields, vec!["ORD-1.paymentStatus", "ORD-2.paymentStatus"]);
        let untouched = vec![row("messages", None, Some(json!({"id": "m1"})))];
        assert_eq!(compose("order.status", None, &untouched), None);
    }

    #[test]
    fn columns_read_as_the_api_names_them() {
        assert_eq!(camel("payment_status"), "paymentStatus");
        assert_eq!(camel("stock"), "stock");
    }
}
