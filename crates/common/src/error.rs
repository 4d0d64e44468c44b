//! What every context's errors share: the boxed cause of a port's failure, and the one mark of
//! "the storage or an outside service did not answer", which the HTTP layer answers with 503.

/// The cause of a failure behind a port, kept for the logs.
pub type BoxError = Box<dyn std::error::Error + Send + Sync + 'static>;

/// The storage (or a service the shop depends on) did not answer in time, or is going away: the
/// same request may well succeed a moment later. Anything else that fails is a bug.
#[derive(Debug, thiserror::Error)]
#[error("unavailable: {0}")]
pub struct Unavailable(pub String);

/// Whether `error`, or any error it was caused by, is [`Unavailable`].
pub fn is_unavailable(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut current = Some(error);
    while let Some(e) = current {
        if e.is::<Unavailable>() {
            return true;
        }
        current = e.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    #[error("the orders' storage failed")]
    struct Wrapper(#[source] BoxError);

    #[test]
    fn unavailable_is_found_through_the_causes_and_nothing_else_counts() {
        let deep = Wrapper(Box::new(Wrapper(Box::new(Unavailable("pool timed out".into())))));
        assert!(is_unavailable(&deep));
        let bug = Wrapper(Box::new(std::fmt::Error));
        assert!(!is_unavailable(&bug));
    }
}
