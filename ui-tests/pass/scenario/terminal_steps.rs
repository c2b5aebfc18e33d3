use std::time::Duration;

use rehearse::prelude::*;
use rehearse::vocabulary::{
    LineCount, Pattern, PointerAction, PointerButton, TerminalCondition, TextMatcher, TextRegion,
};

// The terminal plane's steps lower to the same steps as their script spellings.
fn main() {
    let steps = scenario! {
        paste:"two\nlines";
        send:"\x1b[A";
        mouse:3,4,right,press;
        mouse:0,0,wheel-down;
        wait-for:contains="Ready",screen,5000;
        wait-for:matches=r"^\$ $",history,5000;
        wait-for:regex=r"^\$ $",history,5000;
        wait-for:lines-between=2..5,scrollback,5000;
        wait-for:exit-code=-1,process,5000;
        wait-for:quiet=200ms,process,5000;
    };
    let five = Duration::from_secs(5);
    let expected = vec![
        AutomationStep::paste("two\nlines"),
        AutomationStep::send("\u{1b}[A"),
        AutomationStep::mouse(3, 4, PointerButton::Right, PointerAction::Press),
        AutomationStep::mouse(0, 0, PointerButton::WheelDown, PointerAction::Click),
        AutomationStep::wait_for_terminal(
            TerminalCondition::Text {
                region: TextRegion::Screen,
                matcher: TextMatcher::Contains("Ready".into()),
            },
            five,
        ),
        AutomationStep::wait_for_terminal(
            TerminalCondition::Text {
                region: TextRegion::History,
                matcher: TextMatcher::Matches(Pattern::new(r"^\$ $").unwrap()),
            },
            five,
        ),
        AutomationStep::wait_for_terminal(
            TerminalCondition::Text {
                region: TextRegion::History,
                matcher: TextMatcher::Matches(Pattern::new(r"^\$ $").unwrap()),
            },
            five,
        ),
        AutomationStep::wait_for_terminal(
            TerminalCondition::ScrollbackLines(LineCount::Between(2, 5)),
            five,
        ),
        AutomationStep::wait_for_terminal(TerminalCondition::ExitCode(-1), five),
        AutomationStep::wait_for_terminal(
            TerminalCondition::Quiet(Duration::from_millis(200)),
            five,
        ),
    ];
    let lowered: Vec<AutomationStep> = steps.into_iter().map(|step| step.step).collect();
    assert_eq!(lowered, expected);
    // A batch: inputs in one write, then its one wait.
    let batch = scenario! { batch:(type:"ls"; key:enter; wait-for:contains="README",screen,5000); };
    let batch: Vec<AutomationStep> = batch.into_iter().map(|step| step.step).collect();
    assert_eq!(
        batch,
        [AutomationStep::batch(
            vec![AutomationStep::type_text("ls"), AutomationStep::key(KeyCode::Enter)],
            Some(AutomationStep::wait_for_terminal(
                TerminalCondition::Text {
                    region: TextRegion::Screen,
                    matcher: TextMatcher::Contains("README".into()),
                },
                five,
            )),
        )
        .unwrap()]
    );
    // Labels and guards, on nodes and on the terminal.
    let guarded = scenario! {
        [close] when(exists, #dialog) key:esc;
        when(contains="Continue?", screen) type:"y";
    };
    let guarded: Vec<AutomationStep> = guarded.into_iter().map(|step| step.step).collect();
    assert_eq!(
        guarded,
        [
            AutomationStep::key(KeyCode::Esc)
                .labeled("close")
                .when(WaitCondition::new(Predicate::Exists, Selector::id("dialog"))),
            AutomationStep::type_text("y").when(TerminalCondition::Text {
                region: TextRegion::Screen,
                matcher: TextMatcher::Contains("Continue?".into()),
            }),
        ]
    );
    // The stored spelling is the script's: `\x1b` is written `\e`.
    let spelled = scenario! { send:"\x1b[A"; };
    assert_eq!(spelled.into_iter().next().unwrap().source.spelling, r#"send:"\e[A""#);
}
