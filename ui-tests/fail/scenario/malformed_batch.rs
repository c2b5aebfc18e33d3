use rehearse::prelude::*;

// A batch holds input steps and one last wait: each mistake on its token.
fn main() {
    let _ = scenario! {
        batch:(click:#save; key:enter);
        batch:type:"ls";
    };
}
