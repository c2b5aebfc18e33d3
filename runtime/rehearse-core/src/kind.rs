//! [`PlaneKind`]: which plane steps run on, for messages and traces.

/// Which plane a [`Plane`](crate::Plane) is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PlaneKind {
    /// An app on the engine.
    Engine,
    /// A program in a PTY.
    Terminal,
    /// A plain ratatui app adopted in place.
    Adopt,
}

impl PlaneKind {
    /// Its name: `engine`, `terminal`, `adopt`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Engine => "engine",
            Self::Terminal => "terminal",
            Self::Adopt => "adopt",
        }
    }

    /// What it drives, for messages: `an app on the engine`.
    pub const fn described(self) -> &'static str {
        match self {
            Self::Engine => "an app on the engine",
            Self::Terminal => "a program in a terminal",
            Self::Adopt => "an adopted app",
        }
    }
}

impl std::fmt::Display for PlaneKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
