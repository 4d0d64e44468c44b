use bitik_common::Email;
use chrono::{DateTime, Utc};
use uuid::Uuid;

pub const PASSWORD_MIN_LENGTH: usize = 6;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Customer,
    Admin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Customer => "customer",
            Role::Admin => "admin",
        }
    }

    pub fn parse(value: &str) -> Option<Role> {
        match value {
            "customer" => Some(Role::Customer),
            "admin" => Some(Role::Admin),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct User {
    pub id: Uuid,
    pub email: Email,
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub address: String,
    pub city: String,
    pub zip_code: String,
    pub country: String,
    pub role: Role,
    pub active: bool,
    /// Tokens issued with an older version are refused.
    pub token_version: i32,
    pub created_at: DateTime<Utc>,
}

/// An account about to be stored; the password is already hashed.
#[derive(Debug, Clone, PartialEq)]
pub struct NewUser {
    pub email: Email,
    pub password_hash: String,
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub role: Role,
}
