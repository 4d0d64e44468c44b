//! Identity: accounts, roles, passwords; and the newsletter list, which is people's e-mail too.

pub mod error;
pub mod model;
pub mod newsletter;
pub mod password;
pub mod ports;
pub mod service;

pub use error::IdentityError;
pub use model::{NewUser, Role, User};
pub use service::AccountService;
