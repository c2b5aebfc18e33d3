use rehearse::prelude::*;

// A colour is `default`, an ANSI name, `idxN` or `#rrggbb`: the error is on
// the colour and names them.
fn main() {
    let _ = scenario! {
        wait-for:fg=rde,text~"Error",500;
        wait-for:bg=#12345,@status,500;
        wait-for:fg=idx256,#title,500;
    };
}
