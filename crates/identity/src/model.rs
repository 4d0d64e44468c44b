use bitik_common::{Email, Phone, PostalAddress, RawAddress, RawContact};
use chrono::{DateTime, Utc};
use uuid::Uuid;

pub const PASSWORD_MIN_LENGTH: usize = 6;

/// Who an account is: a customer, or a member of the shop's team (docs/roles.md). What each
/// staff role may do is the table of `permissions.rs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    Customer,
    /// The owner: everything.
    Admin,
    Manager,
    Seller,
    Courier,
}

impl Role {
    pub const ALL: [Role; 5] = [Role::Customer, Role::Admin, Role::Manager, Role::Seller, Role::Courier];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Customer => "customer",
            Role::Admin => "admin",
            Role::Manager => "manager",
            Role::Seller => "seller",
            Role::Courier => "courier",
        }
    }

    pub fn parse(value: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|role| role.as_str() == value)
    }

    /// As the back office names it.
    pub fn label(self) -> &'static str {
        match self {
            Role::Customer => "Client",
            Role::Admin => "Administrateur",
            Role::Manager => "Gérant",
            Role::Seller => "Vendeur",
            Role::Courier => "Livreur",
        }
    }

    /// A member of the shop's team (any role but customer).
    pub fn is_staff(self) -> bool {
        self != Role::Customer
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct User {
    pub id: Uuid,
    /// `None` for an account opened by a code sent to its phone (`login_phone`).
    pub email: Option<Email>,
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
    /// When the owner last asked for a password reset that support has not yet answered.
    pub password_reset_requested_at: Option<DateTime<Utc>>,
    /// Whether logging in asks for a code of an authenticator app after the password
    /// (`two_factor.rs`, docs/roles.md#two-step-login).
    pub two_factor_enabled: bool,
    /// The phone the account logs in with by code: one proved by such a code.
    pub login_phone: Option<Phone>,
    pub created_at: DateTime<Utc>,
}

impl User {
    /// How the back office and the audit log name the account: its e-mail, else its phone.
    pub fn label(&self) -> String {
        match (&self.email, &self.login_phone) {
            (Some(email), _) => email.to_string(),
            (None, Some(phone)) => phone.as_str().to_owned(),
            (None, None) => self.id.to_string(),
        }
    }
}

/// An account about to be stored, its fields checked, its password hashed.
#[derive(Debug, Clone, PartialEq)]
pub struct NewUser {
    /// `None` with `password_hash` for an account opened by a code sent to `login_phone`.
    pub email: Option<Email>,
    pub password_hash: Option<String>,
    pub first_name: String,
    pub last_name: String,
    /// An administrator made from the command line may have none.
    pub phone: Option<Phone>,
    pub role: Role,
    pub login_phone: Option<Phone>,
}

/// Longest password accepted: hashing cost grows with length, and no one types more.
pub const PASSWORD_MAX_LENGTH: usize = 128;

/// What a customer may change about themselves, as the profile form sends it. The e-mail is
/// not part of it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ProfileUpdate {
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    /// The account's own address lines, which only older clients still send: the storefront's
    /// profile shows the address book's default address instead (docs/rules.md#accounts).
    /// `None` leaves the stored lines as they are.
    pub address: Option<RawAddress>,
}

/// The profile form checked: names required, the phone and the address may be left blank.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    pub first_name: String,
    pub last_name: String,
    pub phone: Option<Phone>,
    /// `None`: the stored address lines stay.
    pub address: Option<PostalAddress>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Address {
    pub id: Uuid,
    pub label: String,
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub address: String,
    pub city: String,
    /// Kept on addresses saved when the form asked for a postcode.
    pub zip_code: String,
    pub country: String,
    /// The commune's code in the delivery zones, and its name there; empty for addresses saved
    /// before zones, or whose commune has left the list.
    pub commune: String,
    pub commune_name: String,
    /// The point de repère a courier finds the customer by.
    pub landmark: String,
    pub is_default: bool,
    pub created_at: DateTime<Utc>,
}

/// An address of the address book as the form sends it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AddressInput {
    pub label: String,
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub address: RawAddress,
    /// A commune's code from the delivery zones.
    pub commune: String,
    pub landmark: String,
    pub is_default: bool,
}

/// An address of the address book checked: who receives the parcel, a phone the courier can
/// call (the one checkout will take), where.
#[derive(Debug, Clone, PartialEq)]
pub struct AddressEntry {
    pub label: String,
    pub first_name: String,
    pub last_name: String,
    pub phone: Phone,
    pub address: PostalAddress,
    /// A commune's code, of a zone shoppers may order to.
    pub commune: String,
    pub landmark: String,
    pub is_default: bool,
}

/// What a new account needs, as the registration form (or an admin) sends it.
#[derive(Debug, Clone)]
pub struct NewAccount {
    pub contact: RawContact,
    pub password: String,
    pub role: Role,
}
