//! `#[derive(Semantic)]`: what compiles (and behaves) and what does not.

#[test]
fn derive_semantic() {
    let t = trybuild::TestCases::new();
    t.pass("pass/derive/*.rs");
    t.compile_fail("fail/derive/*.rs");
}
