//! [`WatchedApp`]: an app served over its socket while it runs in the real
//! terminal, so an agent drives what a person watches. The person's input
//! and the agent's requests reach the same engine, on its one thread.

use std::time::Duration;

use rehearse_control::Served;
use rehearse_core::{AutomationError, ClockMode, Plane};
use rehearse_engine::live::{LiveScreen, TerminalOptions};
use rehearse_engine::{Component, Engine, SessionOptions};
use rehearse_protocol::vocabulary::ServerRole;

/// How often the session looks at the terminal when nothing wakes it (the
/// terminal's input wakes it at once: [`Served::input_fd`]).
const INPUT_TICK: Duration = Duration::from_millis(10);

/// A mounted app drawn in the real terminal and served by a control server.
pub struct WatchedApp<C: Component> {
    screen: LiveScreen,
    engine: Engine<C>,
    /// Ctrl+C was pressed.
    quit: bool,
    /// Where the live screen reads the terminal's input.
    stdin: std::io::Stdin,
}

impl<C: Component> WatchedApp<C> {
    /// Enters the terminal and mounts `app` at its size (real time).
    ///
    /// # Errors
    ///
    /// Terminal I/O failures and what the first commit fails with.
    pub fn start(app: C, options: TerminalOptions) -> Result<Self, AutomationError> {
        let screen = LiveScreen::enter(options)?;
        let (cols, rows) = screen.size()?;
        let session = SessionOptions::default().viewport(cols, rows).clock(ClockMode::Realtime);
        let engine = Engine::start(app, session)?;
        let mut watched = Self { screen, engine, quit: false, stdin: std::io::stdin() };
        watched.screen.present(&watched.engine, false)?;
        Ok(watched)
    }

    /// The engine, to add checkpoint sinks or commit hooks before serving.
    pub fn engine_mut(&mut self) -> &mut Engine<C> {
        &mut self.engine
    }
}

impl<C: Component> Served for WatchedApp<C> {
    fn plane(&self) -> &dyn Plane {
        &self.engine
    }

    fn plane_mut(&mut self) -> &mut dyn Plane {
        &mut self.engine
    }

    fn role(&self) -> ServerRole {
        ServerRole::App
    }

    fn pump(&mut self) -> Result<(), AutomationError> {
        if self.engine.is_closed() || self.quit {
            return Ok(());
        }
        let taken = self.screen.take_input(&mut self.engine, Duration::ZERO)?;
        if taken.quit {
            self.quit = true;
            return Ok(());
        }
        if taken.events > 0 || self.engine.has_ready_work() {
            self.engine.drain()?;
            self.engine.commit_now()?;
        }
        // What a request committed is drawn here too: the person sees every
        // generation the agent makes.
        self.screen.present(&self.engine, taken.events > 0)
    }

    fn input_fd(&self) -> Option<std::os::fd::BorrowedFd<'_>> {
        // A driver's keys are answered as soon as they arrive, not at the
        // next tick.
        Some(std::os::fd::AsFd::as_fd(&self.stdin))
    }

    fn after_request(&mut self) -> Result<(), AutomationError> {
        self.screen.present(&self.engine, false)
    }

    fn next_wake(&self) -> Option<Duration> {
        Some(self.engine.until_next_timer().map_or(INPUT_TICK, |due| due.min(INPUT_TICK)))
    }

    fn busy(&self) -> bool {
        !self.engine.idle_report().is_idle()
    }

    fn model_state(&self) -> Option<serde_json::Value> {
        self.engine.app().model_state()
    }

    fn ended(&self) -> Option<String> {
        if self.quit {
            Some("Ctrl+C".into())
        } else if self.engine.quit_requested() {
            Some("the app quit".into())
        } else if self.engine.is_closed() {
            Some("the session is closed".into())
        } else {
            None
        }
    }

    fn close(&mut self) {
        self.engine.close();
    }
}
