//! The audit scope of one back-office request: its action, where it came from, who asked (once
//! the session is read), and whether its entry is written. Carried by the request's task
//! (`tokio::task_local!`), read by the storage when it opens a transaction.

use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use super::model::{AuditActor, Target};

/// One request's audit: at most one entry, the first transaction that changes something.
#[derive(Debug)]
pub struct Scope {
    pub ip: String,
    pub request_id: String,
    who: OnceLock<Identified>,
    written: AtomicBool,
}

/// Who asked, what for, and on what, once the session and the route are known.
#[derive(Debug)]
struct Identified {
    actor: AuditActor,
    action: String,
    /// The target the request's path names (`order` and its id), when it names one.
    target: Option<Target>,
}

tokio::task_local! {
    static SCOPE: Arc<Scope>;
}

impl Scope {
    pub fn new(ip: impl Into<String>, request_id: impl Into<String>) -> Self {
        Scope { ip: ip.into(), request_id: request_id.into(), who: OnceLock::new(), written: AtomicBool::new(false) }
    }

    /// Who asked, the action their route names and its target: the entry is then to be written.
    /// The first identification stands.
    pub fn identify(&self, actor: AuditActor, action: impl Into<String>, target: Option<Target>) {
        let _ = self.who.set(Identified { actor, action: action.into(), target });
    }

    pub fn actor(&self) -> Option<&AuditActor> {
        self.who.get().map(|who| &who.actor)
    }

    pub fn action(&self) -> &str {
        self.who.get().map_or("", |who| who.action.as_str())
    }

    pub fn target(&self) -> Option<&Target> {
        self.who.get().and_then(|who| who.target.as_ref())
    }

    /// Whether an entry is still to be written: someone is identified and nothing written yet.
    pub fn open(&self) -> bool {
        self.who.get().is_some() && !self.written.load(Ordering::Acquire)
    }

    /// The entry is written (its transaction committed): later transactions of the request, the
    /// consequences of this change, write none.
    pub fn written(&self) {
        self.written.store(true, Ordering::Release);
    }
}

/// Runs `work` inside `scope`.
pub async fn within<F: Future>(scope: Scope, work: F) -> F::Output {
    SCOPE.scope(Arc::new(scope), work).await
}

/// The scope of the request being served, if it has one.
pub fn current() -> Option<Arc<Scope>> {
    SCOPE.try_with(Arc::clone).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Role;

    fn actor() -> AuditActor {
        AuditActor { id: uuid::Uuid::from_u128(3), email: "awa@bitik.sn".into(), role: Role::Seller }
    }

    #[tokio::test]
    async fn a_scope_is_seen_inside_and_only_there() {
        assert!(current().is_none());
        within(Scope::new("1.2.3.4", "r1"), async {
            let scope = current().expect("inside");
            assert!(!scope.open(), "nobody identified yet");
            scope.identify(actor(), "product.update", None);
            assert_eq!(scope.action(), "product.update");
            assert!(current().unwrap().open());
            scope.written();
            assert!(!current().unwrap().open(), "one entry per request");
            assert_eq!(current().unwrap().actor(), Some(&actor()));
        })
        .await;
        assert!(current().is_none());
    }
}
