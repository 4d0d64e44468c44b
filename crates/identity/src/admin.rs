//! The back office's accounts (docs/rules.md#accounts): the users list,
//! creating and editing accounts, activation, deletion, the dashboard's counts.
//!
//! The rules that keep the shop from locking itself out live here, once: an administrator
//! cannot be deleted, and no administrator can deactivate or demote themselves. Deactivating an
//! account (or giving it a new password) ends every session it has.

use bitik_common::{FieldErrors, InvalidPage, Need, PageRequest, RawContact, phone_digits};
use uuid::Uuid;

use crate::backoffice::{UserChanges, UserFilter, UserRemoval, UserStats};
use crate::error::IdentityError;
use crate::model::NewAccount;
use crate::model::{Role, User};
use crate::ports::InsertUserError;
use crate::service::AccountService;
use crate::validate::{self, ACCOUNT_FORM};

/// Admin pages hold 10 users unless asked otherwise (docs/rules.md#back-office-figures).
pub const ADMIN_PAGE_SIZE: u32 = 10;
const ADMIN_MAX_PAGE_SIZE: u32 = 100;
const MAX_SEARCH_CHARS: usize = 100;

/// The users list's filters as they arrive in a query string.
#[derive(Debug, Clone, Default)]
pub struct UserListQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    /// Name, e-mail or phone.
    pub search: Option<String>,
    /// `customer` or `admin`.
    pub role: Option<String>,
    /// `active` or `inactive`.
    pub status: Option<String>,
}

fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

fn refused(field: &'static str, message: &str) -> IdentityError {
    IdentityError::validation(FieldErrors::of(field, message))
}

fn role(raw: &str) -> Result<Role, IdentityError> {
    Role::parse(raw.trim()).ok_or_else(|| refused("role", "Rôle inconnu."))
}

impl UserListQuery {
    pub fn into_filter(self) -> Result<UserFilter, IdentityError> {
        let page = PageRequest::parse(present(&self.page), present(&self.limit), ADMIN_PAGE_SIZE, ADMIN_MAX_PAGE_SIZE)
            .map_err(|InvalidPage { field, message }| refused(field, message))?;
        let role = present(&self.role).map(role).transpose()?;
        let active = match present(&self.status) {
            None => None,
            Some("active") => Some(true),
            Some("inactive") => Some(false),
            Some(_) => return Err(refused("status", "Statut inconnu.")),
        };
        let search: Option<String> = present(&self.search).map(|s| s.chars().take(MAX_SEARCH_CHARS).collect());
        let phone_digits = search.as_deref().and_then(phone_digits);
        Ok(UserFilter { page, search, phone_digits, role, active })
    }
}

/// An account as an admin creates it: the registration form, a role, and whether it is active.
#[derive(Debug, Clone, Default)]
pub struct AdminNewAccount {
    pub contact: RawContact,
    pub password: String,
    /// `customer` (default) or `admin`.
    pub role: Option<String>,
    pub active: Option<bool>,
}

/// What an admin changes about an account; absent fields stay as they are.
#[derive(Debug, Clone, Default)]
pub struct AdminUserUpdate {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub zip_code: Option<String>,
    pub country: Option<String>,
    pub role: Option<String>,
    pub active: Option<bool>,
    /// A new password for the account (its sessions end).
    pub password: Option<String>,
}

fn repository(error: Box<dyn std::error::Error + Send + Sync>) -> IdentityError {
    IdentityError::Repository(error)
}

impl AccountService {
    pub async fn admin_users(&self, query: UserListQuery) -> Result<bitik_common::Page<User>, IdentityError> {
        let filter = query.into_filter()?;
        self.users.list(&filter).await.map_err(repository)
    }

    pub async fn admin_user(&self, id: Uuid) -> Result<User, IdentityError> {
        let (user, _) = self.users.find_by_id(id).await.map_err(repository)?.ok_or(IdentityError::UserNotFound)?;
        Ok(user)
    }

    /// A courier of the team, active: whom a parcel may be given to by account.
    pub async fn courier(&self, id: Uuid) -> Result<User, IdentityError> {
        let found = self.users.find_by_id(id).await.map_err(repository)?;
        match found {
            Some((user, _)) if user.role == Role::Courier && user.active => Ok(user),
            _ => Err(IdentityError::invalid_field("courierId", "Choisissez un livreur actif de l'équipe.")),
        }
    }

    /// An account made by an admin: the registration form's rules and messages, a role.
    pub async fn admin_create(&self, account: AdminNewAccount) -> Result<User, IdentityError> {
        let role = account.role.as_deref().filter(|r| !r.trim().is_empty()).map(role).transpose()?;
        let new =
            NewAccount { contact: account.contact, password: account.password, role: role.unwrap_or(Role::Customer) };
        let user = self.create_account(new).await?;
        if account.active == Some(false) {
            let changes = UserChanges { active: Some(false), end_sessions: true, ..UserChanges::default() };
            return self.store_changes(user.id, changes).await;
        }
        Ok(user)
    }

    /// Changes an account. `admin` is who asks: they may not demote or deactivate themselves.
    pub async fn admin_update(&self, admin: &User, id: Uuid, update: AdminUserUpdate) -> Result<User, IdentityError> {
        let mut changes = self.checked_changes(update).await?;
        let target = self.admin_user(id).await?;
        guard_self(admin, &target, &changes)?;
        // A new role takes effect at once: the sessions opened under the old one end.
        changes.end_sessions |= changes.role.is_some_and(|role| role != target.role);
        self.store_changes(id, changes).await
    }

    /// Activates or deactivates an account; deactivation ends its sessions at once.
    pub async fn set_user_active(&self, admin: &User, id: Uuid, active: bool) -> Result<User, IdentityError> {
        let target = self.admin_user(id).await?;
        let changes = UserChanges { active: Some(active), end_sessions: !active, ..UserChanges::default() };
        guard_self(admin, &target, &changes)?;
        self.store_changes(id, changes).await
    }

    /// Deletes a customer's account; one that orders name is deactivated instead. An
    /// administrator's account is never deleted (docs/rules.md#accounts).
    pub async fn delete_user(&self, id: Uuid) -> Result<UserRemoval, IdentityError> {
        let target = self.admin_user(id).await?;
        if target.role == Role::Admin {
            return Err(IdentityError::CannotDeleteAdmin);
        }
        match self.users.delete(id).await.map_err(repository)? {
            UserRemoval::NotFound => Err(IdentityError::UserNotFound),
            removal => Ok(removal),
        }
    }

    pub async fn user_stats(&self) -> Result<UserStats, IdentityError> {
        self.users.stats((self.clock)()).await.map_err(repository)
    }

    async fn store_changes(&self, id: Uuid, changes: UserChanges) -> Result<User, IdentityError> {
        match self.users.update(id, changes).await {
            Ok(Some(user)) => Ok(user),
            Ok(None) => Err(IdentityError::UserNotFound),
            Err(InsertUserError::Duplicate) => Err(IdentityError::EmailTaken),
            Err(InsertUserError::LastAdmin) => Err(IdentityError::LastAdmin),
            Err(InsertUserError::Other(e)) => Err(IdentityError::Repository(e)),
        }
    }

    /// The update's fields checked with the account forms' rules and messages, the password
    /// hashed. A blank phone clears it.
    async fn checked_changes(&self, update: AdminUserUpdate) -> Result<UserChanges, IdentityError> {
        let mut errors = FieldErrors::default();
        let form = &ACCOUNT_FORM;
        let first_name = update.first_name.as_deref().map(|raw| form.name(&mut errors, "firstName", raw));
        let last_name = update.last_name.as_deref().map(|raw| form.name(&mut errors, "lastName", raw));
        let email = update.email.as_deref().and_then(|raw| form.email(&mut errors, raw));
        let phone = update.phone.as_deref().map(|raw| form.phone(&mut errors, raw, Need::Optional));
        let address = update.address.as_deref().map(|raw| form.street(&mut errors, raw, Need::Optional));
        let city = update.city.as_deref().map(|raw| form.city(&mut errors, raw, Need::Optional));
        let zip_code = update.zip_code.as_deref().map(|raw| form.zip_code(&mut errors, raw));
        let country = update.country.as_deref().map(|raw| form.country(&mut errors, raw));
        let role = update.role.as_deref().and_then(|raw| {
            let role = Role::parse(raw.trim());
            if role.is_none() {
                errors.fail("role", "Rôle inconnu.");
            }
            role
        });
        if let Some(password) = &update.password {
            validate::new_password(&mut errors, "password", password);
        }
        errors.finish(IdentityError::validation)?;
        let password_hash = match &update.password {
            Some(password) => Some(self.hasher.hash(password).await?),
            None => None,
        };
        Ok(UserChanges {
            first_name,
            last_name,
            email,
            phone,
            address,
            city,
            zip_code,
            country,
            role,
            active: update.active,
            end_sessions: password_hash.is_some() || update.active == Some(false),
            password_hash,
        })
    }
}

/// An administrator may not take away their own access: no demotion, no deactivation.
fn guard_self(admin: &User, target: &User, changes: &UserChanges) -> Result<(), IdentityError> {
    if admin.id != target.id {
        return Ok(());
    }
    if changes.role.is_some_and(|role| role != Role::Admin) {
        return Err(IdentityError::CannotDemoteSelf);
    }
    if changes.active == Some(false) {
        return Err(IdentityError::CannotDeactivateSelf);
    }
    Ok(())
}
