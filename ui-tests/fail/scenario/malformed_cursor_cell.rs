use rehearse::prelude::*;

// The cursor's cell is `COLxROW`: a predicate's value ends at the first `,`.
fn main() {
    let _ = scenario! {
        wait-for:at=3,4,cursor,500;
        wait-for:visible=true,cursor,500;
        wait-for:bold=yes,text~"Done",500;
    };
}
