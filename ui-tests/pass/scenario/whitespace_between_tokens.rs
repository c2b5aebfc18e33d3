// Tokens are joined without whitespace, so spacing between tokens does not
// matter (inside string literals it is text).
use rehearse::prelude::*;

fn main() {
    let spaced = scenario! {
        click : # new - todo ;
        wait - for : count = 3 , @ list - item , 500 ms ;
        type : "  two  spaces  " ;
    };
    let tight = scenario! {
        click:#new-todo;
        wait-for:count=3,@list-item,500ms;
        type:"  two  spaces  ";
    };
    let steps =
        |scenario: &rehearse::Scenario| scenario.automation_steps().cloned().collect::<Vec<_>>();
    assert_eq!(steps(&spaced), steps(&tight));
    assert_eq!(spaced.steps()[1].source.spelling, "wait-for:count=3,@list-item,500ms");
}
