pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug, thiserror::Error)]
pub enum IdentityError {
    #[error("Un compte existe déjà avec cet email")]
    EmailTaken,
    #[error("Veuillez saisir un email valide")]
    InvalidEmail,
    #[error("Le mot de passe doit contenir au moins 6 caractères")]
    PasswordTooShort,
    #[error("identity storage failed")]
    Repository(#[source] BoxError),
}
