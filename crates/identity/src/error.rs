use bitik_common::{BoxError, FieldErrors};

use crate::ports::HashError;
use std::collections::BTreeMap;

#[derive(Debug, thiserror::Error)]
pub enum IdentityError {
    #[error("{message}")]
    /// Field name (as the API spells it) → French message.
    Validation { message: String, fields: BTreeMap<&'static str, String> },
    #[error("Un compte existe déjà avec cet email")]
    EmailTaken,
    #[error("Veuillez saisir un email valide")]
    InvalidEmail,
    #[error("Le mot de passe doit contenir au moins 6 caractères")]
    PasswordTooShort,
    #[error("Email ou mot de passe incorrect")]
    InvalidCredentials,
    #[error("Ce compte a été désactivé. Contactez le service client.")]
    AccountDisabled,
    /// A token that is missing, malformed, expired, revoked, or whose user is gone or disabled.
    #[error("Votre session a expiré. Veuillez vous reconnecter.")]
    Unauthenticated,
    #[error("Mot de passe actuel incorrect")]
    IncorrectCurrentPassword,
    #[error("Adresse introuvable")]
    AddressNotFound,
    #[error(
        "Votre carnet d'adresses est plein ({max} adresses au plus). Supprimez-en une avant d'en ajouter une nouvelle."
    )]
    AddressBookFull { max: usize },
    #[error("Utilisateur introuvable")]
    UserNotFound,
    #[error("Ce lien de réinitialisation est invalide ou a expiré.")]
    InvalidResetToken,
    #[error("L'envoi d'e-mails n'est pas configuré : contactez la boutique sur WhatsApp pour recevoir un lien.")]
    MailNotConfigured,
    #[error("Un administrateur ne peut pas être supprimé.")]
    CannotDeleteAdmin,
    #[error("Vous ne pouvez pas désactiver votre propre compte.")]
    CannotDeactivateSelf,
    #[error("Vous ne pouvez pas retirer votre propre rôle d'administrateur.")]
    CannotDemoteSelf,
    /// The shop always keeps an active administrator (checked by PostgreSQL, under a lock).
    #[error("La boutique doit garder au moins un administrateur actif.")]
    LastAdmin,
    /// Two-step login (`two_factor.rs`): a code that is wrong, expired, already used, or no code.
    #[error("Code incorrect ou expiré.")]
    TwoFactorCodeRefused,
    /// The challenge of a right password is unknown, expired, or its account changed since.
    #[error("Votre connexion a expiré. Saisissez à nouveau votre email et votre mot de passe.")]
    TwoFactorChallengeExpired,
    #[error("La connexion en deux étapes est réservée à l'équipe de la boutique.")]
    TwoFactorStaffOnly,
    #[error("La connexion en deux étapes est déjà activée.")]
    TwoFactorAlreadyEnabled,
    /// A code sent to turn it on before any secret was made to scan.
    #[error("Affichez d'abord le code QR à scanner, puis saisissez le code de l'application.")]
    TwoFactorNotStarted,
    #[error("La connexion en deux étapes n'est pas activée.")]
    TwoFactorNotEnabled,
    /// Turning it off, for a role `STAFF_2FA=required` holds to it.
    #[error("La connexion en deux étapes est obligatoire pour votre rôle.")]
    TwoFactorRequired,
    /// A session of a role held to two-step login that has not set it up yet, outside its set-up.
    #[error("Activez la connexion en deux étapes pour continuer.")]
    TwoFactorSetupRequired,
    /// Login by code (`code_login.rs`) has no channel to send codes by.
    #[error(
        "La connexion par code n'est pas disponible pour le moment : connectez-vous avec votre e-mail et votre mot de passe."
    )]
    LoginCodesUnavailable,
    /// Five wrong codes for the phone within the hour: no new code before `retry_after`.
    #[error("Trop de codes erronés pour ce numéro. Réessayez plus tard.")]
    LoginCodesLocked { retry_after: chrono::Duration },
    #[error("Code incorrect.")]
    WrongLoginCode,
    /// A right code for the phone of a member of the team, who logs in with a password.
    #[error("La connexion par code est réservée aux clients : connectez-vous avec votre e-mail et votre mot de passe.")]
    CodeLoginForCustomers,
    /// Expired, used, killed by wrong tries, or never sent.
    #[error("Ce code n'est plus valable : demandez-en un nouveau.")]
    DeadLoginCode,
    /// Password work is turned away: the machine already does all it can (`HashError::Busy`).
    #[error("Le serveur est très sollicité. Réessayez dans quelques secondes.")]
    Busy,
    #[error("identity storage failed")]
    Repository(#[source] BoxError),
}

impl From<HashError> for IdentityError {
    fn from(error: HashError) -> Self {
        match error {
            HashError::Busy => IdentityError::Busy,
            HashError::Failed(cause) => IdentityError::Repository(cause),
        }
    }
}

impl IdentityError {
    /// A form error about one field.
    pub fn invalid_field(field: &'static str, message: &str) -> Self {
        IdentityError::Validation { message: message.to_owned(), fields: BTreeMap::from([(field, message.to_owned())]) }
    }

    /// One message for the form, or the summary when several fields are wrong.
    pub fn validation(errors: FieldErrors) -> Self {
        let message = match (errors.len(), errors.first_message()) {
            (1, Some(only)) => only.to_owned(),
            _ => "Veuillez corriger les erreurs dans le formulaire.".to_owned(),
        };
        IdentityError::Validation { message, fields: errors.into_map() }
    }
}
