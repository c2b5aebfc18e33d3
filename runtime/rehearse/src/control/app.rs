//! [`ServedApp`]: a rehearse app's engine as a [`Served`] session.

use std::time::Duration;

use rehearse_control::Served;
use rehearse_core::{AutomationError, Plane};
use rehearse_engine::{Component, Engine, SessionOptions};
use rehearse_protocol::vocabulary::ServerRole;

/// How often background work is looked at while a command runs.
const COMMAND_POLL: Duration = Duration::from_millis(10);

/// A mounted app served by a control server: its engine, pumped between
/// requests (due timers, command reports), closed when a client closes it.
pub struct ServedApp<C: Component> {
    engine: Engine<C>,
}

impl<C: Component> ServedApp<C> {
    /// Mounts `app` and commits its first generation.
    ///
    /// # Errors
    ///
    /// What the first commit fails with.
    pub fn start(app: C, options: SessionOptions) -> Result<Self, AutomationError> {
        Ok(Self { engine: Engine::start(app, options)? })
    }

    /// The engine, to add checkpoint sinks or commit hooks before serving.
    pub fn engine_mut(&mut self) -> &mut Engine<C> {
        &mut self.engine
    }
}

impl<C: Component> Served for ServedApp<C> {
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
        if self.engine.is_closed() || !self.engine.has_ready_work() {
            return Ok(());
        }
        self.engine.drain()?;
        self.engine.commit_now().map(|_| ())
    }

    fn next_wake(&self) -> Option<Duration> {
        let commands = (self.engine.idle_report().tracked_commands > 0).then_some(COMMAND_POLL);
        match (self.engine.until_next_timer(), commands) {
            (Some(timer), Some(poll)) => Some(timer.min(poll)),
            (timer, poll) => timer.or(poll),
        }
    }

    fn busy(&self) -> bool {
        !self.engine.idle_report().is_idle()
    }

    fn model_state(&self) -> Option<serde_json::Value> {
        self.engine.app().model_state()
    }

    fn ended(&self) -> Option<String> {
        if self.engine.quit_requested() {
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
