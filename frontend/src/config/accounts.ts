// Rules and messages of account forms (docs/rules.md#accounts), shared by the shopper's
// forms and the admin's user form. The server checks the same rules again.
export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 128

export const ACCOUNT_MESSAGES = {
  firstNameRequired: 'Le prénom est requis',
  lastNameRequired: 'Le nom est requis',
  emailRequired: "L'email est requis",
  emailInvalid: 'Veuillez saisir un email valide',
  phoneRequired: 'Le téléphone est requis',
  passwordRequired: 'Le mot de passe est requis',
  passwordTooShort: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`,
  passwordTooLong: `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères`,
  confirmRequired: 'Veuillez confirmer votre mot de passe',
  passwordsDiffer: 'Les mots de passe ne correspondent pas',
  currentPasswordRequired: 'Le mot de passe actuel est requis',
  newPasswordRequired: 'Le nouveau mot de passe est requis',
  newPasswordTooShort: `Le nouveau mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`,
} as const
