//! The problems of a form, field by field: what every context's form rules report through.

use std::collections::BTreeMap;

/// Field name (as the API spells it: `firstName`) → French message, in the order the problems
/// were found. A field keeps its first problem: a blank name is "required", not also "too long".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldErrors {
    problems: Vec<Problem>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Problem {
    field: &'static str,
    message: String,
    /// The field was required and left out (forms sum those up apart).
    missing: bool,
}

impl FieldErrors {
    /// One problem with one field.
    pub fn of(field: &'static str, message: impl Into<String>) -> Self {
        let mut errors = Self::default();
        errors.fail(field, message);
        errors
    }

    /// Records `message` for `field`, unless the field has a problem already.
    pub fn fail(&mut self, field: &'static str, message: impl Into<String>) -> &mut Self {
        self.record(field, message.into(), false)
    }

    /// A required field that was left out.
    pub fn missing(&mut self, field: &'static str, message: impl Into<String>) -> &mut Self {
        self.record(field, message.into(), true)
    }

    /// `value` must hold something other than spaces.
    pub fn required(&mut self, field: &'static str, value: &str, message: &str) -> &mut Self {
        if value.trim().is_empty() {
            self.missing(field, message);
        }
        self
    }

    /// At most `max` characters once trimmed: `Ce champ ne peut pas dépasser {max} caractères`.
    pub fn max_chars(&mut self, field: &'static str, value: &str, max: usize) -> &mut Self {
        if too_long(value, max) {
            self.fail(field, format!("Ce champ ne peut pas dépasser {max} caractères"));
        }
        self
    }

    /// At most `max` characters once trimmed, with the form's own message.
    pub fn max_chars_worded(&mut self, field: &'static str, value: &str, max: usize, message: &str) -> &mut Self {
        if too_long(value, max) {
            self.fail(field, message);
        }
        self
    }

    pub fn is_empty(&self) -> bool {
        self.problems.is_empty()
    }

    pub fn len(&self) -> usize {
        self.problems.len()
    }

    pub fn has(&self, field: &str) -> bool {
        self.problems.iter().any(|p| p.field == field)
    }

    pub fn get(&self, field: &str) -> Option<&str> {
        self.problems.iter().find(|p| p.field == field).map(|p| p.message.as_str())
    }

    /// The message of the first problem found.
    pub fn first_message(&self) -> Option<&str> {
        self.problems.first().map(|p| p.message.as_str())
    }

    /// The fields left out although required, in the order they were found.
    pub fn missing_fields(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.problems.iter().filter(|p| p.missing).map(|p| p.field)
    }

    /// `Ok` when nothing was found; otherwise the problems, made into the context's error.
    pub fn finish<E>(self, error: impl FnOnce(FieldErrors) -> E) -> Result<(), E> {
        if self.is_empty() { Ok(()) } else { Err(error(self)) }
    }

    /// Field → message, as error answers carry them.
    pub fn into_map(self) -> BTreeMap<&'static str, String> {
        self.problems.into_iter().map(|p| (p.field, p.message)).collect()
    }

    fn record(&mut self, field: &'static str, message: String, missing: bool) -> &mut Self {
        if !self.has(field) {
            self.problems.push(Problem { field, message, missing });
        }
        self
    }
}

fn too_long(value: &str, max: usize) -> bool {
    value.trim().chars().count() > max
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_problem_of_a_field_wins() {
        let mut errors = FieldErrors::default();
        errors.required("firstName", "  ", "Le prénom est requis").max_chars("firstName", "  ", 0);
        errors.fail("firstName", "autre chose");
        assert_eq!(errors.get("firstName"), Some("Le prénom est requis"));
        assert_eq!(errors.len(), 1);
    }

    #[test]
    fn lengths_are_counted_in_characters_once_trimmed() {
        let mut errors = FieldErrors::default();
        errors.max_chars("city", "  Thiès  ", 5).max_chars("label", "Maisonnette", 10);
        assert!(!errors.has("city"), "5 characters once trimmed, accents counted once");
        assert_eq!(errors.get("label"), Some("Ce champ ne peut pas dépasser 10 caractères"));
        errors.max_chars_worded("name", &"a".repeat(201), 200, "Le nom ne peut pas dépasser 200 caractères");
        assert_eq!(errors.get("name"), Some("Le nom ne peut pas dépasser 200 caractères"));
    }

    #[test]
    fn keeps_the_order_found_and_which_fields_were_missing() {
        let mut errors = FieldErrors::default();
        errors.fail("price", "Le prix doit être positif ou nul").required("name", "", "Ce champ est requis");
        errors.missing("category", "Ce champ est requis");
        assert_eq!(errors.first_message(), Some("Le prix doit être positif ou nul"));
        assert_eq!(errors.missing_fields().collect::<Vec<_>>(), ["name", "category"]);
        let map = errors.into_map();
        assert_eq!(map.len(), 3);
        assert_eq!(map["name"], "Ce champ est requis");
    }

    #[test]
    fn finishes_with_the_contexts_error_only_when_something_is_wrong() {
        assert_eq!(FieldErrors::default().finish(|e| e.len()), Ok(()));
        assert_eq!(FieldErrors::of("email", "Veuillez saisir un email valide").finish(|e| e.len()), Err(1));
    }
}
