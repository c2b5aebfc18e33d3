use rehearse::prelude::*;

// `nth=` with nothing before it, a match index that is not a number, and a
// chain whose last segment cannot take the click: each on its token.
fn main() {
    let _ = scenario! {
        click:nth=1;
        click:@list-item >> nth=last;
        click:@list >> @text;
    };
}
