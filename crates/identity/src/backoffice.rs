//! What the back office reads and writes of accounts through the storage: the users list's
//! checked filter, changes to store, what a deletion did, and the dashboard's counts.

use bitik_common::{Email, PageRequest, Phone, change_percent};

use crate::model::Role;

/// Checked filters; newest accounts first.
#[derive(Debug, Clone, PartialEq)]
pub struct UserFilter {
    pub page: PageRequest,
    /// Matches first and last name (either order), e-mail, or phone as stored, ignoring case
    /// and accents.
    pub search: Option<String>,
    /// The search's digits when it reads like a phone, matched against the phone's digits.
    pub phone_digits: Option<String>,
    pub role: Option<Role>,
    pub active: Option<bool>,
}

/// Checked changes to store; `None` leaves a field as it is.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct UserChanges {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<Email>,
    /// `Some(None)` clears the phone.
    pub phone: Option<Option<Phone>>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub zip_code: Option<String>,
    pub country: Option<String>,
    pub role: Option<Role>,
    pub active: Option<bool>,
    /// A new password's hash; storing it also clears a pending reset request.
    pub password_hash: Option<String>,
    /// Ends every session issued before (raises the token version).
    pub end_sessions: bool,
}

/// What deleting an account did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UserRemoval {
    Deleted,
    /// Orders name the customer: the account is deactivated (and its sessions ended) so the
    /// shop keeps its records.
    Deactivated,
    NotFound,
}

/// The dashboard's counts of accounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct UserStats {
    pub total: u64,
    pub customers: u64,
    /// Accounts created from the first of this month (Dakar) to now.
    pub new_this_month: u64,
    /// Over the same stretch of the previous month.
    pub new_previous_month: u64,
}

impl UserStats {
    /// The change of new accounts against the previous month, in whole percent.
    pub fn new_users_trend(&self) -> Option<i64> {
        let count = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
        change_percent(count(self.new_this_month), count(self.new_previous_month))
    }
}
