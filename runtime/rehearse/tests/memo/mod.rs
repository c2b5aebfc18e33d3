//! `Ui::memo`, `ListItem::lazy` and `SessionOptions::memoize`: what a
//! render carries over from the previous frame without running a body, and
//! that carrying over never changes what is committed. Each module holds one
//! subject, the helpers they share are in `support`.

use crate::support::{rng, runs};
mod support;

mod carrying;
mod duplicates;
mod equivalence;
mod handlers;
mod invalidation;
mod lazy_lists;
mod nested_probe;
mod probe;
mod strict_probe;
mod surroundings;
