//! An adopted app whose loop stays on its own thread (`rehearse::adopt::init`
//! or `run`, a loop in `main` or in `ratatui::run`'s closure) served over
//! its socket: the harness and the server run on a thread of their own, and
//! the loop's thread is hosted by the harness — its terminal and events are
//! the harness's, its tags record for it.
//!
//! When the loop ends (it returns, fails or panics), the server stops and
//! its thread is joined before the loop's `restore` returns. When a client
//! closes the session (or the server stops by itself) while the loop still
//! runs, the process ends there with status 0, as a served `main` returns —
//! after the socket is removed and the terminal restored.

use std::sync::mpsc;

use rehearse_adopt::{Harness, HarnessOptions, Host};
use rehearse_control::Server;
use rehearse_control::ServerConfig;
use rehearse_core::artifacts::Artifacts;
use rehearse_core::{AutomationError, AutomationIds, ClockMode, Plane};

use super::adopted::ServedHarness;
use super::env::{Automation, serve_error};

/// Serves the calling thread's adopted loop when the automation variables
/// ask for it; `false` at once when they do not.
///
/// # Errors
///
/// An automation variable with a bad value, binding the socket, entering
/// the terminal — what fails before the loop has its terminal.
pub(crate) fn serve_this_loop(declared: AutomationIds) -> std::io::Result<bool> {
    let io = |error: AutomationError| match error {
        AutomationError::Io(error) => error,
        other => std::io::Error::other(other.to_string()),
    };
    let Some(automation) = Automation::from_env().map_err(io)? else {
        return Ok(false);
    };
    let (hand_over, host) = mpsc::channel();
    let server = std::thread::Builder::new()
        .name("rehearse-adopted-server".into())
        .spawn(move || serve(&automation, declared, &hand_over))?;
    match host.recv() {
        Ok(Ok(host)) => {
            host.host_here(move || {
                // The loop ended: the server sees it and stops.
                let _ = server.join();
            });
            Ok(true)
        }
        Ok(Err(error)) => {
            let _ = server.join();
            Err(io(error))
        }
        Err(_) => {
            let _ = server.join();
            Err(std::io::Error::other("the rehearse server thread ended before serving"))
        }
    }
}

/// The server's thread: binds, attaches a harness, hands the loop its side,
/// commits the first frame and serves.
fn serve(
    automation: &Automation,
    declared: AutomationIds,
    hand_over: &mpsc::Sender<Result<Host, AutomationError>>,
) {
    let started = (|| {
        let server = Server::bind(ServerConfig::new(&automation.socket)).map_err(serve_error)?;
        let sink = match &automation.artifacts {
            Some(dir) => Some(Artifacts::new(dir).check()?),
            None => None,
        };
        let mut options = HarnessOptions::default().declared(declared).clock(ClockMode::Realtime);
        // Served: recorded only when REHEARSE_TRACE asks (docs/trace.md).
        options.trace = rehearse_core::trace::TraceMode::served();
        let (harness, host) = if automation.headless {
            let (cols, rows) = automation.viewport;
            Harness::attach(options.viewport(cols, rows))?
        } else {
            Harness::attach_in_terminal(options)?
        };
        Ok((server, sink, harness, host))
    })();
    let (server, sink, harness, host) = match started {
        Ok(started) => started,
        Err(error) => {
            let _ = hand_over.send(Err(error));
            return;
        }
    };
    if hand_over.send(Ok(host)).is_err() {
        return;
    }
    let mut served = ServedHarness::hosting(harness);
    if let Some(sink) = sink {
        served.harness_mut().add_checkpoint_sink(sink);
    }
    let outcome = served.harness_mut().plane_mut().commit().and_then(|_| {
        if automation.headless {
            // The one line a launcher waits for, as an engine app prints it.
            eprintln!("rehearse: serving {} (rehearse/1)", automation.socket.display());
        }
        server.serve(&mut served).map_err(serve_error)
    });
    if served.harness_mut().ended().is_some() {
        // The loop ended on its thread, which joins this one; dropping the
        // harness restores the terminal.
        return;
    }
    // The loop still runs: a client closed the session (or the server
    // stopped). The socket is gone; the terminal is restored; the process
    // ends, as a served `main` would have returned.
    served.harness_mut().restore_terminal();
    match outcome {
        Ok(_) => std::process::exit(0),
        Err(error) => {
            eprintln!("rehearse: serving the adopted app failed: {error}");
            std::process::exit(1)
        }
    }
}
