//! Identity: accounts, roles, sessions, passwords, address books; and the newsletter list,
//! which is people's e-mail too.

pub mod admin;
pub mod audit;
pub mod backoffice;
pub mod code_login;
pub mod error;
pub mod login_code;
pub mod model;
pub mod newsletter;
pub mod password;
pub mod permissions;
pub mod ports;
pub mod service;
pub mod tokens;
pub mod two_factor;
mod two_factor_service;
mod validate;

pub use admin::{AdminNewAccount, AdminUserUpdate, UserListQuery};
pub use backoffice::{UserChanges, UserFilter, UserRemoval, UserStats};
pub use code_login::CodeToSend;
pub use error::IdentityError;
pub use model::{Address, AddressEntry, AddressInput, NewAccount, NewUser, Profile, ProfileUpdate, Role, User};
pub use permissions::Permission;
pub use ports::{CodeChannel, LoginCodes};
pub use service::{AccountService, LoginOutcome, MAX_ADDRESSES, Session};
pub use tokens::TokenService;
pub use two_factor::TwoFactorPolicy;
pub use two_factor_service::{PendingLogin, TwoFactorEnabled, TwoFactorSetup};

#[cfg(test)]
mod contact_tests;
#[cfg(test)]
mod service_tests;
#[cfg(test)]
mod two_factor_tests;
