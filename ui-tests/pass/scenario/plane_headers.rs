use rehearse::prelude::*;

// With a plane header, the steps the plane takes compile as without one.
fn main() {
    let terminal = scenario! {
        plane = terminal;
        wait-for:contains="READY",screen,5000;
        type:"echo hi\n";
        click:text~"hi";
        mouse:0,0,wheel-up;
        wait-for:exit-code=0,process,5000;
    };
    assert_eq!(terminal.len(), 5);
    let engine = scenario! {
        plane = engine;
        click:#save;
        wait-for:exists,@button="Save",500;
        focus:next;
        mouse:3,4;
    };
    assert_eq!(engine.len(), 4);
}
