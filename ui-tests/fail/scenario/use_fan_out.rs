use rehearse::prelude::*;

// Three files of 1,000 lines (`a` uses `b` 1,000 times, `b` uses `c`,
// `c` is 1,000 `drain`s) would be 10^9 steps: the expansion stops at
// MAX_SCRIPT_STEPS, with one error on the path, before it grows.
fn main() {
    let _ = scenario! {
        use:"../../scripts/fan_out/a.rehearse";
    };
}
