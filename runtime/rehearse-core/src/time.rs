//! Logical time: how a session's clock moves and a point on it.

use std::time::Duration;

/// How a session's logical time moves. Fixed when the session starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ClockMode {
    /// Logical time follows the wall clock.
    Realtime,
    /// Logical time moves only through `advance` (`wait:` steps). The
    /// default for tests: nothing depends on how fast the machine is.
    #[default]
    Controlled,
}

/// A point in a session's logical time: the time since the session started.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct LogicalTime(pub Duration);

impl LogicalTime {
    /// The session start.
    pub const ZERO: Self = Self(Duration::ZERO);

    /// The time since the session started.
    pub fn since_start(self) -> Duration {
        self.0
    }
}

impl std::ops::Add<Duration> for LogicalTime {
    type Output = Self;

    fn add(self, rhs: Duration) -> Self {
        Self(self.0.saturating_add(rhs))
    }
}
