//! Settling: draining ready work to a bounded fixed point (messages, timers
//! due, renders, focus requests), with app code run under a guard that turns
//! a panic into an error and closes the session.

use super::Engine;
use crate::component::Component;
use rehearse_core::AutomationError;

impl<C: Component> Engine<C> {
    /// Drains ready work to a bounded fixed point: messages, timers due at
    /// the current logical time, renders, focus requests.
    pub(crate) fn settle(&mut self) -> Result<(), AutomationError> {
        let mut delivered = 0usize;
        let mut renders = 0usize;
        // Few message types per app: a list beats a map (no hasher state,
        // no allocation until a message arrives).
        let mut producers: Vec<(&'static str, usize)> = Vec::new();
        loop {
            let now = self.clock.now();
            self.collect_inbound();
            while let Some(type_name) = self.guarded(|engine| engine.core.deliver_next(now))? {
                delivered += 1;
                match producers.iter_mut().find(|(name, _)| *name == type_name) {
                    Some((_, count)) => *count += 1,
                    None => producers.push((type_name, 1)),
                }
                if delivered > self.limits.messages {
                    return Err(not_converged(delivered, renders, producers));
                }
            }
            let mut fired = false;
            while let Some(envelope) = self.core.effects.timers.pop_due(now) {
                self.core.effects.queue.push_back(envelope);
                fired = true;
            }
            if fired {
                continue;
            }
            renders += 1;
            if renders > self.limits.renders {
                return Err(not_converged(delivered, renders, producers));
            }
            let mut focus_moved = self.render()?;
            focus_moved |= self.apply_focus_requests();
            if !focus_moved
                && self.core.effects.queue.is_empty()
                && self.core.effects.timers.count_due(now) == 0
            {
                return Ok(());
            }
        }
    }

    /// Runs app code (`update`, `view`). A panic closes the session —
    /// every component unmounts exactly once — and becomes
    /// [`AutomationError::ComponentPanicked`] instead of unwinding through
    /// the caller.
    pub(super) fn guarded<T>(
        &mut self,
        run: impl FnOnce(&mut Self) -> T,
    ) -> Result<T, AutomationError> {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(self))) {
            Ok(value) => Ok(value),
            Err(payload) => {
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|message| (*message).to_owned())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic with a non-text payload".to_owned());
                self.close();
                Err(AutomationError::ComponentPanicked(message))
            }
        }
    }

    /// Moves what worker threads and links sent into the message queue.
    pub(super) fn collect_inbound(&mut self) {
        let mut arrived = Vec::new();
        self.core.effects.commands.try_collect(&mut arrived);
        self.core.effects.queue.extend(arrived);
    }
}

fn not_converged(
    delivered: usize,
    renders: usize,
    mut producers: Vec<(&'static str, usize)>,
) -> AutomationError {
    producers.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let producers = if producers.is_empty() {
        vec!["renders kept moving focus or scheduling work".to_owned()]
    } else {
        producers.into_iter().take(3).map(|(name, count)| format!("{name} ({count}×)")).collect()
    };
    AutomationError::DrainDidNotConverge { delivered, renders, producers }
}

#[cfg(test)]
mod tests {
    use super::not_converged;
    use crate::engine::{DrainLimits, Engine, SessionOptions};
    use crate::{Component, Context, Ui};
    use rehearse_core::AutomationError;

    /// Every message sends another, when `endless`.
    struct Echo {
        endless: bool,
    }

    impl Component for Echo {
        type Message = ();
        fn update(&mut self, (): (), cx: &mut Context<'_, Self>) {
            if self.endless {
                cx.send(());
            }
        }
        fn view(&self, _: &mut Ui<'_, ()>) {}
    }

    #[test]
    fn the_busiest_producers_are_named_first_and_at_most_three() {
        let error = not_converged(9, 2, vec![("b", 1), ("a", 1), ("c", 5), ("d", 2)]);
        let AutomationError::DrainDidNotConverge { delivered, renders, producers } = error else {
            panic!("{error:?}")
        };
        assert_eq!((delivered, renders), (9, 2));
        assert_eq!(producers, ["c (5×)", "d (2×)", "a (1×)"]);
        let error = not_converged(0, 65, Vec::new());
        let AutomationError::DrainDidNotConverge { producers, .. } = error else { panic!() };
        assert_eq!(producers, ["renders kept moving focus or scheduling work"]);
    }

    #[test]
    fn a_drain_stops_at_its_message_limit() {
        let limits = DrainLimits { messages: 5, renders: 64 };
        let options = SessionOptions::default().drain_limits(limits);
        let mut engine = Engine::start(Echo { endless: true }, options).expect("starts");
        let error = engine.send(()).expect_err("never settles");
        let AutomationError::DrainDidNotConverge { delivered, producers, .. } = error else {
            panic!("{error:?}")
        };
        assert_eq!(delivered, 6, "one past the limit");
        assert_eq!(producers.len(), 1);
        let mut calm =
            Engine::start(Echo { endless: false }, SessionOptions::default()).expect("starts");
        calm.send(()).expect("settles");
    }
}
