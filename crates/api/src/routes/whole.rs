//! Whole numbers as the OpenAPI document means them. JSON Schema's `integer` is any number
//! with no fractional part, `82.0` included; serde reads `82.0` into an `i64` as an error. The
//! request bodies read their integers through here so that the server takes what the document
//! promises, and refuses the rest (`1.5`, `"2"`, `true`) as before.

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// An integer of a request body. Beyond `i64` it is read as the largest (or smallest) one,
/// then refused by the rule it breaks (no such stock, no such price).
/// Written back (in the document's defaults) as the plain integer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Whole(pub i64);

impl Whole {
    /// `Some` for a JSON number with no fractional part.
    pub fn of(value: &Value) -> Option<i64> {
        let n = value.as_number()?;
        n.as_i64().or_else(|| n.as_u64().map(|_| i64::MAX)).or_else(|| from_float(n.as_f64()?))
    }
}

fn from_float(x: f64) -> Option<i64> {
    // `as` saturates at the bounds of i64, which is the reading wanted for the huge ones.
    (x.is_finite() && x.fract() == 0.0).then_some(x as i64)
}

impl<'de> Deserialize<'de> for Whole {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(WholeVisitor)
    }
}

struct WholeVisitor;

impl Visitor<'_> for WholeVisitor {
    type Value = Whole;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a whole number")
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Whole, E> {
        Ok(Whole(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Whole, E> {
        Ok(Whole(i64::try_from(v).unwrap_or(i64::MAX)))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Whole, E> {
        from_float(v).map(Whole).ok_or_else(|| E::invalid_type(de::Unexpected::Float(v), &self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn integral_numbers_are_read_whatever_their_spelling_and_the_rest_refused() {
        for (written, read) in
            [("82", 82), ("82.0", 82), ("-3.0", -3), ("1e3", 1000), ("18446744073709551615", i64::MAX)]
        {
            assert_eq!(serde_json::from_str::<Whole>(written).unwrap(), Whole(read), "{written}");
        }
        assert_eq!(serde_json::from_str::<Whole>("1e30").unwrap(), Whole(i64::MAX));
        for refused in ["1.5", "\"2\"", "true", "null"] {
            assert!(serde_json::from_str::<Whole>(refused).is_err(), "{refused}");
        }
        assert_eq!(Whole::of(&json!(2.0)), Some(2));
        assert_eq!(Whole::of(&json!(2.5)), None);
        assert_eq!(Whole::of(&json!("2")), None);
    }
}
