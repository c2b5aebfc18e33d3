// Free text is a Rust string literal: Rust escapes, raw strings, and `;`,
// `,`, `>`, `#` and `"` inside it are text.
use rehearse::prelude::*;

fn main() {
    let scenario = scenario! {
        type:"say \"hi\";\tthen\nleave";
        type:r"C:\temp\#1";
        type:"";
        type:"  padded  ";
        click:@button="Yes, really";
        drag:text~"a>b">#bin;
        wait-for:text="x,y;z",#status,500;
        key:";";
        key:"#";
        checkpoint:"quoted-name";
    };
    let steps: Vec<AutomationStep> = scenario.automation_steps().cloned().collect();
    assert_eq!(steps[0], AutomationStep::type_text("say \"hi\";\tthen\nleave"));
    assert_eq!(steps[1], AutomationStep::type_text("C:\\temp\\#1"));
    assert_eq!(steps[2], AutomationStep::type_text(""));
    assert_eq!(steps[3], AutomationStep::type_text("  padded  "));
    assert_eq!(
        steps[4],
        AutomationStep::click(Selector::role(SemanticRole::Button).name("Yes, really"))
    );
    assert_eq!(steps[5], AutomationStep::drag(Selector::text_contains("a>b"), Selector::id("bin")));
    assert_eq!(steps[7], AutomationStep::key(KeyPress::char(';')));
    assert_eq!(steps[8], AutomationStep::key(KeyPress::char('#')));
    assert_eq!(steps[9], AutomationStep::checkpoint("quoted-name"));
    // Spellings re-quote with the script's escapes.
    assert_eq!(scenario.steps()[0].source.spelling, r#"type:"say \"hi\";\tthen\nleave""#);
    assert_eq!(scenario.steps()[1].source.spelling, r#"type:"C:\\temp\\#1""#);
}
