//! Compile-pass and compile-fail cases for rehearse's macros, run with
//! trybuild by `tests/*.rs`. The cases live in `pass/` and `fail/`, one
//! concern per file; every `fail/` case has its expected `.stderr` committed.
