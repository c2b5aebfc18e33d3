//! The terminal plane's integration tests, one binary: each module is one
//! subject. The monitor thread's test counts this process's threads, so it is
//! a binary of its own (tests/pipeline_monitor_thread.rs).

mod common;

mod act_then_observe;
mod artifacts_golden;
mod bash_inline;
mod checkpoint_formats;
mod emulator_queries;
mod emulator_resize;
mod fixture_input_bytes;
mod fixture_queries;
mod less_alternate_screen;
mod marker_settle;
mod pipeline_download;
mod pipeline_monitor;
mod pipeline_transform;
mod plane_commit;
mod plane_steps;
mod process_cleanup;
mod pty_resize;
mod settle_sync_output;
mod signals;
mod style_and_cursor;
mod terminal_steps;
mod trace_screen;
mod tree_source;
mod typed_secrets;
