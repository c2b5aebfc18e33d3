//! `scenario!` and `automation_ids!`: what compiles (and runs) and what does
//! not, with every error on the token at fault.

#[test]
fn scenario() {
    let t = trybuild::TestCases::new();
    t.pass("pass/scenario/*.rs");
    t.compile_fail("fail/scenario/*.rs");
}

#[test]
fn automation_ids() {
    let t = trybuild::TestCases::new();
    t.pass("pass/ids/*.rs");
    t.compile_fail("fail/ids/*.rs");
}
