//! The command line's integration tests, one binary: each module is one
//! subject. Every test drives `rehearse` (or a program under it) as a child
//! process, so none needs this process to itself.

mod support;

mod act;
mod adopted_app;
mod arguments;
mod closed_pipe;
mod default_size;
mod discovery_files;
mod ended_session;
mod host_signals;
mod includes_guarded;
mod mcp;
mod mcp_pty_restart;
mod mcp_terminal_wait;
mod mcp_traces;
mod never_quiet;
mod open_failure;
mod pty_restart;
mod quick_start;
mod record_plain;
mod record_tree;
mod review;
mod run_goldens;
mod run_includes;
mod run_reports;
mod timeouts;
mod typed_secret_report;
mod verbs;
