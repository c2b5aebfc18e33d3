//! Viewport matrices: one scenario replayed independently at several
//! viewports, each from a fresh app, each writing its own artifact set.

use std::fmt;
use std::path::{Path, PathBuf};

use ratatui::layout::Size;

use crate::component::Component;
use crate::{Session, SessionOptions};
use rehearse_core::AutomationError;
use rehearse_core::Scenario;
use rehearse_core::artifacts::{Artifacts, Format};
use rehearse_core::{RunError, RunReport};

/// One viewport's run.
#[derive(Debug)]
#[non_exhaustive]
pub struct ViewportRun {
    /// The viewport.
    pub viewport: Size,
    /// Where its artifacts are: `{dir}/{cols}x{rows}`.
    pub dir: PathBuf,
    /// Every step's result.
    pub report: RunReport,
}

/// Why a viewport of a matrix failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum ViewportFailure {
    /// The app did not start at this viewport.
    Start(AutomationError),
    /// A step failed (its earlier checkpoints' artifacts are written).
    Run(Box<RunError>),
}

impl fmt::Display for ViewportFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Start(error) => write!(f, "the app did not start: {error}"),
            Self::Run(error) => write!(f, "{error}"),
        }
    }
}

/// A matrix where at least one viewport failed. Every viewport ran.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub struct MatrixError {
    /// The viewports that passed.
    pub passed: Vec<ViewportRun>,
    /// The viewports that failed, with their artifact directory and why.
    pub failed: Vec<(Size, PathBuf, ViewportFailure)>,
}

impl fmt::Display for MatrixError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} of {} viewports failed:",
            self.failed.len(),
            self.failed.len() + self.passed.len()
        )?;
        for (size, _, failure) in &self.failed {
            write!(f, "\n  at {}x{}: {failure}", size.width, size.height)?;
        }
        Ok(())
    }
}

/// Replays one scenario at several viewports, each in a fresh session from
/// a fresh app, writing each viewport's checkpoints into
/// `{dir}/{cols}x{rows}/`.
///
/// ```no_run
/// use rehearse::artifacts::{Format, Matrix};
/// # use rehearse::prelude::*;
/// # #[derive(Default)] struct App;
/// # impl Component for App { type Message = (); fn update(&mut self, _: (), _: &mut Context<'_, Self>) {} fn view(&self, _: &mut Ui<'_, ()>) {} }
/// let runs = Matrix::new(App::default)
///     .viewports([(80, 24), (120, 40)])
///     .formats([Format::Text, Format::Png])
///     .run([AutomationStep::checkpoint("start")], "target/matrix")
///     .expect("passes at every viewport");
/// assert_eq!(runs[1].dir, std::path::Path::new("target/matrix/120x40"));
/// ```
pub struct Matrix<F> {
    factory: F,
    viewports: Vec<Size>,
    options: SessionOptions,
    formats: Vec<Format>,
}

impl<C: Component, F: FnMut() -> C> Matrix<F> {
    /// A matrix over apps made by `factory`, at no viewport yet, writing the
    /// [default formats](Artifacts::DEFAULT_FORMATS).
    pub fn new(factory: F) -> Self {
        Self {
            factory,
            viewports: Vec::new(),
            options: SessionOptions::default(),
            formats: Artifacts::DEFAULT_FORMATS.to_vec(),
        }
    }

    /// The viewports, as `(cols, rows)`.
    #[must_use]
    pub fn viewports(mut self, viewports: impl IntoIterator<Item = (u16, u16)>) -> Self {
        self.viewports = viewports.into_iter().map(|(cols, rows)| Size::new(cols, rows)).collect();
        self
    }

    /// Session options (the viewport is replaced per run).
    #[must_use]
    pub fn options(mut self, options: SessionOptions) -> Self {
        self.options = options;
        self
    }

    /// The artifact formats.
    #[must_use]
    pub fn formats(mut self, formats: impl IntoIterator<Item = Format>) -> Self {
        self.formats = formats.into_iter().collect();
        self
    }

    /// Runs the scenario at every viewport.
    ///
    /// # Errors
    ///
    /// [`MatrixError`] when any viewport failed; the others still ran.
    pub fn run(
        mut self,
        scenario: impl Into<Scenario>,
        dir: impl AsRef<Path>,
    ) -> Result<Vec<ViewportRun>, MatrixError> {
        let scenario = scenario.into();
        let mut passed = Vec::new();
        let mut failed = Vec::new();
        for viewport in std::mem::take(&mut self.viewports) {
            let run_dir = dir.as_ref().join(format!("{}x{}", viewport.width, viewport.height));
            let options = self.options.viewport(viewport.width, viewport.height);
            let mut session = match Session::try_new((self.factory)(), options) {
                Ok(session) => session,
                Err(error) => {
                    failed.push((viewport, run_dir, ViewportFailure::Start(error)));
                    continue;
                }
            };
            session.add_checkpoint_sink(
                Artifacts::new(&run_dir).formats(self.formats.iter().copied()),
            );
            match session.run(scenario.clone()) {
                Ok(report) => passed.push(ViewportRun { viewport, dir: run_dir, report }),
                Err(error) => {
                    failed.push((viewport, run_dir, ViewportFailure::Run(Box::new(error))))
                }
            }
        }
        if failed.is_empty() { Ok(passed) } else { Err(MatrixError { passed, failed }) }
    }
}

/// [`Matrix`] with the default formats: replays `scenario` at each of
/// `viewports` from a fresh `factory()` app, one artifact set per viewport
/// under `{dir}/{cols}x{rows}/`.
///
/// # Errors
///
/// [`MatrixError`] when any viewport failed.
pub fn matrix<C: Component>(
    factory: impl FnMut() -> C,
    viewports: impl IntoIterator<Item = (u16, u16)>,
    scenario: impl Into<Scenario>,
    dir: impl AsRef<Path>,
) -> Result<Vec<ViewportRun>, MatrixError> {
    Matrix::new(factory).viewports(viewports).run(scenario, dir)
}
