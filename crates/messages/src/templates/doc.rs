//! A message as a list of blocks, written out twice from the same words: as plain text and as
//! simple HTML (inline styles only, one column, readable on a phone, no remote image but the
//! shop's logo, served by the shop itself at `PUBLIC_URL` + `LOGO_PATH`).

use bitik_common::{Money, Shop};

use bitik_common::escape_html as escape;

use super::LOGO_PATH;
use crate::model::Rendered;

/// One line of an order as a message lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub label: String,
    pub detail: String,
    pub amount: Money,
}

pub(crate) enum Block {
    Para(String),
    /// Label and value pairs (« Commande : ORD-… »).
    Facts(Vec<(String, String)>),
    /// An order's lines, then its sums, the last in bold.
    Table {
        rows: Vec<Row>,
        sums: Vec<(String, Money)>,
    },
    /// A link to follow, shown as a button.
    Button {
        label: String,
        url: String,
    },
    Small(String),
}

pub(crate) struct Doc {
    pub subject: String,
    pub greeting: String,
    pub blocks: Vec<Block>,
}

fn footer_lines(shop: &Shop, public_url: &str) -> Vec<String> {
    let mut contacts = vec![format!("Tél. {}", shop.phone)];
    if !shop.whatsapp.is_empty() {
        contacts.push(format!("WhatsApp +{}", shop.whatsapp));
    }
    if !shop.email.is_empty() {
        contacts.push(shop.email.clone());
    }
    vec![format!("{} — {}", shop.name, shop.address), contacts.join(" · "), public_url.to_owned()]
}

impl Doc {
    pub fn render(&self, shop: &Shop, public_url: &str) -> Rendered {
        Rendered { subject: self.subject.clone(), text: self.text(shop, public_url), html: self.html(shop, public_url) }
    }

    fn text(&self, shop: &Shop, public_url: &str) -> String {
        let mut parts = vec![self.greeting.clone()];
        for block in &self.blocks {
            parts.push(match block {
                Block::Para(text) | Block::Small(text) => text.clone(),
                Block::Facts(facts) => {
                    facts.iter().map(|(label, value)| format!("{label} : {value}")).collect::<Vec<_>>().join("\n")
                }
                Block::Table { rows, sums } => {
                    let mut lines: Vec<String> = rows
                        .iter()
                        .map(|row| {
                            let detail =
                                if row.detail.is_empty() { String::new() } else { format!(" ({})", row.detail) };
                            format!("- {}{detail} : {}", row.label, row.amount)
                        })
                        .collect();
                    lines.extend(sums.iter().map(|(label, amount)| format!("{label} : {amount}")));
                    lines.join("\n")
                }
                Block::Button { label, url } => format!("{label} : {url}"),
            });
        }
        parts.push(format!("-- \n{}", footer_lines(shop, public_url).join("\n")));
        let mut text = parts.join("\n\n");
        text.push('\n');
        text
    }

    fn html(&self, shop: &Shop, public_url: &str) -> String {
        let mut body = String::new();
        body.push_str(&format!(
            "<p style=\"margin:0 0 16px;font-size:16px;line-height:1.5;\">{}</p>\n",
            escape(&self.greeting)
        ));
        for block in &self.blocks {
            match block {
                Block::Para(text) => body.push_str(&format!(
                    "<p style=\"margin:0 0 16px;font-size:16px;line-height:1.5;\">{}</p>\n",
                    escape(text).replace('\n', "<br>")
                )),
                Block::Small(text) => body.push_str(&format!(
                    "<p style=\"margin:0 0 16px;font-size:13px;line-height:1.5;color:#52525b;\">{}</p>\n",
                    escape(text).replace('\n', "<br>")
                )),
                Block::Facts(facts) => {
                    body.push_str("<table role=\"presentation\" style=\"width:100%;border-collapse:collapse;margin:0 0 16px;font-size:15px;\">\n");
                    for (label, value) in facts {
                        body.push_str(&format!(
                            "<tr><td style=\"padding:4px 8px 4px 0;color:#52525b;vertical-align:top;\">{}</td><td style=\"padding:4px 0;vertical-align:top;\">{}</td></tr>\n",
                            escape(label),
                            escape(value)
                        ));
                    }
                    body.push_str("</table>\n");
                }
                Block::Table { rows, sums } => {
                    body.push_str("<table role=\"presentation\" style=\"width:100%;border-collapse:collapse;margin:0 0 16px;font-size:15px;\">\n");
                    for row in rows {
                        let detail = if row.detail.is_empty() {
                            String::new()
                        } else {
                            format!("<br><span style=\"color:#52525b;font-size:13px;\">{}</span>", escape(&row.detail))
                        };
                        body.push_str(&format!(
                            "<tr><td style=\"padding:8px 8px 8px 0;border-bottom:1px solid #e4e4e7;\">{}{detail}</td><td style=\"padding:8px 0;border-bottom:1px solid #e4e4e7;text-align:right;white-space:nowrap;\">{}</td></tr>\n",
                            escape(&row.label),
                            escape(&row.amount.to_string())
                        ));
                    }
                    let last = sums.len().saturating_sub(1);
                    for (i, (label, amount)) in sums.iter().enumerate() {
                        let weight = if i == last { "font-weight:bold;" } else { "" };
                        body.push_str(&format!(
                            "<tr><td style=\"padding:4px 8px 4px 0;{weight}\">{}</td><td style=\"padding:4px 0;text-align:right;white-space:nowrap;{weight}\">{}</td></tr>\n",
                            escape(label),
                            escape(&amount.to_string())
                        ));
                    }
                    body.push_str("</table>\n");
                }
                Block::Button { label, url } => body.push_str(&format!(
                    "<p style=\"margin:0 0 16px;\"><a href=\"{}\" style=\"display:inline-block;background:#16a34a;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px;font-size:16px;\">{}</a></p>\n<p style=\"margin:0 0 16px;font-size:13px;color:#52525b;word-break:break-all;\">{}</p>\n",
                    escape(url),
                    escape(label),
                    escape(url)
                )),
            }
        }
        let footer = footer_lines(shop, public_url).iter().map(|line| escape(line)).collect::<Vec<_>>().join("<br>");
        format!(
            "<!DOCTYPE html>\n<html lang=\"fr\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{subject}</title>\n</head>\n<body style=\"margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;\">\n<div style=\"max-width:560px;margin:0 auto;padding:16px;\">\n<div style=\"background:#ffffff;border-radius:8px;padding:24px;\">\n<p style=\"margin:0 0 24px;font-size:22px;line-height:1.3;font-weight:bold;color:#16a34a;\"><img src=\"{logo}\" width=\"48\" height=\"48\" alt=\"\" style=\"display:inline-block;width:48px;height:48px;border:0;margin:0 12px 0 0;vertical-align:middle;\">{shop}</p>\n{body}</div>\n<p style=\"margin:16px 0 0;font-size:12px;line-height:1.5;color:#71717a;text-align:center;\">{footer}</p>\n</div>\n</body>\n</html>\n",
            subject = escape(&self.subject),
            logo = escape(&format!("{public_url}{LOGO_PATH}")),
            shop = escape(&shop.name),
        )
    }
}
