//! Cash on delivery the way Dakar works (docs/rules.md#cash-on-delivery): every such order is
//! confirmed with its customer before it ships (by the shop's call, or by the customer through a
//! signed link, their account or a button of its WhatsApp message), an order nobody confirms is cancelled after a while, a parcel
//! refused at the door comes back to stock when it is back at the shop, and each phone keeps a
//! record of its deliveries and refusals, which decides whether it may still pay at the door.

mod confirmation;
mod courier;
mod link;
mod phone_record;
mod ports;
mod quick_reply;
mod rules;
mod service;

pub use confirmation::{Confirmation, ConfirmationAttempt, OrderConfirmation};
pub use courier::Courier;
pub use link::ConfirmationLinks;
pub use phone_record::{PhoneOverride, PhoneRecord};
pub use ports::{CashOnDeliveryRepository, PhoneRecords};
#[cfg(any(test, feature = "mocks"))]
pub use ports::{MockCashOnDeliveryRepository, MockPhoneRecords};
pub use quick_reply::{ButtonAnswer, QuickReply};
pub use rules::{check_confirmable, expired, initial_confirmation};
pub use service::{CashOnDeliveryService, CodSettings, ExpiryReport, PhoneView};

#[cfg(test)]
mod service_tests;
