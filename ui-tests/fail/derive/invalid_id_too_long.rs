use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(
    role = button,
    id = "a-very-long-automation-id-that-keeps-going-and-going-past-the-limit-of-one-hundred-and-twenty-eight-bytes-which-nobody-should-need"
)]
struct Save;

fn main() {
    let _ = Save::AUTOMATION_ID;
}
