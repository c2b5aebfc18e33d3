//! `scenario!`: steps written in the script language, checked by the
//! compiler and lowered to typed `AutomationStep` constructor calls.
//!
//! 1. [`lex`] splits the input into the optional `app = Path;` header and
//!    steps, and lexes each step into the grammar's lexemes (string literals
//!    as quoted text, every other token as its characters), each located by
//!    its token's index.
//! 2. [`parse`] parses every step with `rehearse_lang`'s one grammar
//!    (`Dialect::Scenario`) and runs the semantic checks over the sequence,
//!    recording every error on the tokens at fault.
//! 3. [`expand`] lowers the steps (each through [`lower`]) to
//!    `::rehearse::Scenario::new().step_at(..)` and, with `app = App;`,
//!    [`app_check`] emits `const` assertions that reject ids `App` does not
//!    declare and keys it refuses, on the id's or key's tokens (on the
//!    `use:` for the steps a script file brings in).

mod app_check;
mod expand;
mod hole;
mod holes;
mod include;
mod lex;
mod lower;
mod lower_regex;
mod lower_tree;
mod parse;

#[cfg(test)]
mod tests;

use proc_macro2::TokenStream;

pub use app_check::panic_over;
pub use lower::key_press;

use crate::ctxt::Ctxt;

/// Expands `scenario! { ... }`; `use:PATH` is relative to `dir`, the
/// directory of the file the call is in (the crate's, `CARGO_MANIFEST_DIR`,
/// when the compiler cannot say).
///
/// On error the expansion is still a `Scenario` expression (an empty one)
/// next to one `compile_error!` per mistake, so a mistake is reported once
/// and the surrounding code type-checks.
pub fn scenario(input: TokenStream, dir: Option<std::path::PathBuf>) -> TokenStream {
    let cx = Ctxt::new();
    let mut input = lex::Input::from_tokens(&cx, input);
    input.dir = dir;
    let parsed = parse::parse_and_check(&cx, &mut input);
    expand::expand(&input, &parsed, cx.check().err())
}
