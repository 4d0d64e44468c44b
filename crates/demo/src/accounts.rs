//! The demo accounts of the demo shop. Their logins are printed by `just run`.

use bitik_common::RawContact;
use bitik_identity::NewAccount;
use bitik_identity::{AccountService, IdentityError, Role};

pub const DEMO_ADMIN_EMAIL: &str = "admin@bitik.sn";
pub const DEMO_ADMIN_PASSWORD: &str = "bitik-admin";
pub const DEMO_CUSTOMER_EMAIL: &str = "client@bitik.sn";
pub const DEMO_CUSTOMER_PASSWORD: &str = "bitik-client";

/// The demo accounts' logins, as `just run` prints them: published, so never in production.
pub const DEMO_LOGINS: [(&str, &str); 2] =
    [(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD), (DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD)];

/// Creates the demo admin and customer when missing; existing accounts are left as they are.
/// Returns how many were created.
pub async fn seed_demo_accounts(accounts: &AccountService) -> anyhow::Result<usize> {
    let demo = [
        NewAccount {
            contact: RawContact {
                email: DEMO_ADMIN_EMAIL.into(),
                first_name: "Mariama".into(),
                last_name: "Sow".into(),
                phone: "+221 77 000 00 01".into(),
            },
            password: DEMO_ADMIN_PASSWORD.into(),
            role: Role::Admin,
        },
        NewAccount {
            contact: RawContact {
                email: DEMO_CUSTOMER_EMAIL.into(),
                first_name: "Awa".into(),
                last_name: "Diop".into(),
                phone: "+221 77 123 45 67".into(),
            },
            password: DEMO_CUSTOMER_PASSWORD.into(),
            role: Role::Customer,
        },
    ];
    let mut created = 0;
    for account in demo {
        match accounts.create_account(account).await {
            Ok(_) => created += 1,
            Err(IdentityError::EmailTaken) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(created)
}
