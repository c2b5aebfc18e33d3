use rehearse::prelude::*;

// An `expect-tree:` outline is checked at compile time: each mistake on its
// token, an error inside the literal saying where in the outline it is.
fn main() {
    let _ = scenario! {
        expect-tree:#todos,500;
        expect-tree:#todos,500(- list);
        expect-tree:#todos,500("- list:\n  - lst");
        expect-tree:#todos,500("- list [chekced]");
        expect-tree:#todos,500("- list /a(b/");
        expect-tree:#todos,500("- list milk");
    };
}
