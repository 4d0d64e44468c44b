//! Whether this instance takes new work: readiness (`GET /api/health/ready`) and the drain that
//! SIGTERM starts.

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether the instance still takes new work. Shared by every worker of the process.
#[derive(Debug, Default)]
pub struct Lifecycle {
    draining: AtomicBool,
    /// Once the database was found to hold every migration, it is not asked again.
    migrations_current: AtomicBool,
}

impl Lifecycle {
    pub fn new() -> Self {
        Self::default()
    }

    /// SIGTERM: from now on readiness answers 503 and every answer closes its connection, so that
    /// the load balancer and the clients move to the other instances while this one still serves.
    pub fn drain(&self) {
        self.draining.store(true, Ordering::Release);
        metrics::gauge!("bitik_draining").set(1.0);
    }

    pub fn draining(&self) -> bool {
        self.draining.load(Ordering::Acquire)
    }

    pub(crate) fn migrations_current(&self) -> bool {
        self.migrations_current.load(Ordering::Acquire)
    }

    pub(crate) fn set_migrations_current(&self) {
        self.migrations_current.store(true, Ordering::Release);
    }
}
