//! The control server's integration tests, one binary: each module is one
//! subject. The flood, whose resident memory is measured, is a binary of its
//! own (tests/flood_memory.rs).

mod support;

mod busy_session;
mod hostile_socket;
mod pty_restart_app;
mod serve_app;
mod socket_file;
