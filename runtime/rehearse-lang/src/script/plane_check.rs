//! Which plane a step can run on, checked before anything runs when the
//! front-end knows the plane (`plane = terminal;` in `scenario!`,
//! [`CheckContext::plane`](crate::script::CheckContext::plane)).
//!
//! - On the **engine** an app has no screen bytes, scrollback or process:
//!   `paste:`, `send:`, terminal waits and terminal guards are errors.
//! - On the **terminal** a program publishes no semantic tree: `#id` and
//!   `@role` selectors and `focus:` are errors.

use crate::script::error::{ErrorKind, GrammarError};
use crate::script::facts::ParsedStep;
use crate::step::AutomationStep;
use crate::vocabulary::closed_set;

closed_set! {
    /// The plane a scenario runs on.
    pub enum PlaneName: "plane" {
        /// An app on rehearse's engine: headless, controlled clock, a tree.
        Engine = "engine",
        /// A program in a real PTY: screen text, scrollback, a process.
        Terminal = "terminal",
    }
}

/// The errors of a step that cannot run on `plane`.
pub fn plane_errors(parsed: &ParsedStep, plane: PlaneName) -> Vec<GrammarError> {
    let facts = &parsed.facts;
    let mut errors = Vec::new();
    match plane {
        PlaneName::Engine => {
            if parsed.step.needs_terminal() {
                errors.push(GrammarError::new(
                    ErrorKind::WrongPlane,
                    facts.range,
                    format!(
                        "`{}` needs a program in a terminal, but this scenario runs on the engine (`plane = engine`); an app on the engine has no screen bytes, scrollback or process",
                        parsed.step
                    ),
                ));
            }
        }
        PlaneName::Terminal => {
            for selector in &facts.selectors {
                if selector.id.is_some() || selector.role.is_some() {
                    errors.push(GrammarError::new(
                        ErrorKind::WrongPlane,
                        selector.range,
                        format!(
                            "`{}` needs a semantic tree, which a program in a terminal does not publish (`plane = terminal`); select screen text with `text~\"…\"` or a cell with `col,row`",
                            selector.selector
                        ),
                    ));
                }
            }
            let (_, _, step) = parsed.step.parts();
            if let AutomationStep::Focus { .. } = step {
                errors.push(GrammarError::new(
                    ErrorKind::WrongPlane,
                    facts.range,
                    "`focus:` moves focus through a semantic tree, which a program in a terminal does not publish (`plane = terminal`); press the program's own keys (`key:tab`)",
                ));
            }
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::parse_step_str;

    fn on_engine(step: &str) -> usize {
        plane_errors(&parse_step_str(step).unwrap(), PlaneName::Engine).len()
    }

    #[test]
    fn the_cursor_is_the_one_terminal_subject_the_engine_knows() {
        assert_eq!(on_engine("wait-for:at=1x1,cursor,5"), 0);
        assert_eq!(on_engine("wait-for:hidden,cursor,5"), 0);
        assert_eq!(on_engine("when(visible,cursor) key:q"), 0);
        assert_eq!(on_engine("wait-for:fg=red,text~Error,5"), 0);
        assert_eq!(on_engine("wait-for:exited,process,5"), 1);
        assert_eq!(on_engine("when(contains=x,screen) key:q"), 1);
    }
}
