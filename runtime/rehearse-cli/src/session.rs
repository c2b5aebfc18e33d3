//! The session verbs: `open` starts a background host, and `send`, `act`,
//! `snapshot`, `wait`, `close`, `pty-stop` and `pty-start` speak to the
//! session it serves.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use rehearse_control::{Client, ClientError};
use rehearse_lang::AutomationStep;
use rehearse_lang::script::parse_step_str;
use rehearse_protocol::{
    ErrorCode,
    message::{Act, Idle, OkReply, PtyStart, PtyStarted, PtyStopped, RequestBody, Snapshot},
    negotiation::known,
    vocabulary::SnapshotFormat,
};

use crate::discovery::{self, Discovery};
use crate::exit::Failure;

/// What `open` starts.
pub struct Open {
    /// The command line (`/bin/sh -c 'exec …'`).
    pub exec: String,
    /// The terminal's size.
    pub size: (u16, u16),
    /// How long to wait for the host to announce itself.
    pub timeout: Duration,
    /// How long the host waits for a request before it stops.
    pub idle_timeout: Duration,
    /// The directory `use:` in a script sent to the session reads below
    /// (absolute; none: `use:` is refused there).
    pub scripts: Option<PathBuf>,
    /// Where the traces of failing requests go (absolute; none: the
    /// session records only when `REHEARSE_TRACE` asks).
    pub traces: Option<PathBuf>,
}

/// `--trace DIR` made absolute and created, or an invalid argument when it
/// cannot be.
pub fn trace_dir(dir: Option<PathBuf>) -> Result<Option<PathBuf>, Failure> {
    let Some(dir) = dir else { return Ok(None) };
    std::fs::create_dir_all(&dir)
        .and_then(|()| dir.canonicalize())
        .map(Some)
        .map_err(|error| Failure::script(format!("--trace {}: {error}", dir.display())))
}

/// `--scripts DIR` made absolute (the host may resolve it later, from
/// anywhere), or an invalid argument when it names no directory.
pub fn scripts_dir(dir: Option<PathBuf>) -> Result<Option<PathBuf>, Failure> {
    let Some(dir) = dir else { return Ok(None) };
    match dir.canonicalize() {
        Ok(resolved) if resolved.is_dir() => Ok(Some(resolved)),
        Ok(_) => Err(Failure::script(format!("--scripts {}: not a directory", dir.display()))),
        Err(error) => Err(Failure::script(format!("--scripts {}: {error}", dir.display()))),
    }
}

/// Starts a host in the background and returns its session id once its
/// discovery file is written and checked.
pub fn open(open: &Open) -> Result<String, Failure> {
    // Sessions whose hosts were killed left their files; clear them here,
    // where a new one is about to be added, so they do not pile up.
    discovery::sweep(&discovery::dir()?);
    crate::ended::clear_stale(&discovery::dir()?);
    let exe = std::env::current_exe().map_err(|error| Failure::runtime(error.to_string()))?;
    let id = format!("{}-{}", discovery::now_ms(), std::process::id());
    let spawned_at = discovery::now_ms();
    let mut command = Command::new(exe);
    command
        .arg("__host")
        .arg("--id")
        .arg(&id)
        .arg("--size")
        .arg(format!("{}x{}", open.size.0, open.size.1))
        .arg("--idle-timeout-ms")
        .arg(open.idle_timeout.as_millis().to_string())
        .arg("--exec")
        .arg(&open.exec);
    if let Some(scripts) = &open.scripts {
        command.arg("--scripts").arg(scripts);
    }
    if let Some(traces) = &open.traces {
        command.arg("--trace").arg(traces);
    }
    command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::null());
    // Its own process group: a Ctrl+C at the shell that ran `open` does
    // not reach the host.
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut host = command
        .spawn()
        .map_err(|error| Failure::runtime(format!("the host could not start: {error}")))?;
    let stdout = host.stdout.take().expect("stdout is piped");
    let (said, heard) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = said.send(line);
    });
    let line = heard.recv_timeout(open.timeout).map_err(|_| {
        let _ = host.kill();
        let _ = host.wait();
        Failure::runtime(format!(
            "the host did not announce the session within {} ms",
            open.timeout.as_millis()
        ))
    })?;
    match line.trim().strip_prefix("ready ") {
        Some(ready) if ready == id => {
            discovery::accept(&id, host.id(), spawned_at)?;
            // A parent that lives on (`rehearse mcp`) reaps the host when it
            // exits, so no zombie is left per closed session; a `rehearse
            // open` exits first, and its host is reaped by whoever adopts it.
            std::thread::spawn(move || {
                let _ = host.wait();
            });
            Ok(id)
        }
        _ => {
            let _ = host.wait();
            let message = line.trim().strip_prefix("error: ").unwrap_or(line.trim());
            Err(Failure::runtime(if message.is_empty() {
                "the host ended before it served".to_owned()
            } else {
                message.to_owned()
            }))
        }
    }
}

/// Connects to the session `id` names, or the most recent one: to the
/// rehearse app it runs when that app serves its socket (its tree and model
/// plane are there), else to the host.
pub fn connect(id: Option<&str>) -> Result<(Discovery, Client), Failure> {
    let found = find(id)?;
    if let Some(app) = &found.app
        && let Ok(client) = Client::connect(app)
    {
        keep_alive(&found);
        return Ok((found, client));
    }
    connect_host_of(found)
}

/// A `ping` to the host: talking to the app is using the session too, so
/// the host's idle timeout counts from here.
pub fn keep_alive(found: &Discovery) {
    if let Ok(mut host) = Client::connect(&found.socket) {
        let _ = host.request(rehearse_protocol::message::RequestBody::Ping, 1_000);
    }
}

/// Connects to the host of the session `id` names (its terminal, its close).
pub fn connect_host(id: Option<&str>) -> Result<(Discovery, Client), Failure> {
    connect_host_of(find(id)?)
}

/// The session `id` names (or the most recent); one that ended is said to
/// have ended, and how, rather than not to exist.
fn find(id: Option<&str>) -> Result<Discovery, Failure> {
    discovery::find(id).map_err(|failure| {
        let explained = discovery::dir().ok().and_then(|dir| crate::ended::explain(&dir, id));
        match explained {
            Some(message) if failure.exit == crate::exit::Exit::Runtime => {
                Failure::runtime(message)
            }
            _ => failure,
        }
    })
}

/// The line a failed request's message ends with when the host wrote its
/// trace: the reply names the files relative to the host's trace directory
/// (`open --trace DIR`), which the discovery file holds.
fn named_trace(found: &Discovery, error: &ClientError) -> Option<String> {
    let ClientError::Refused(refused) = error else { return None };
    let (files, dir) = (refused.trace.as_ref()?, found.traces.as_ref()?);
    Some(format!("\n{}", rehearse_control::named_trace(dir, files)))
}

/// What a request's failure means: when the connection broke, or the
/// session answered that it closed, because the session ended meanwhile
/// (its program exited, its app quit), say so and how; else the failure
/// as it is.
fn ended_or(found: &Discovery, error: ClientError) -> Failure {
    let broke = match &error {
        ClientError::Io { .. } => true,
        ClientError::Refused(refused) => refused.code == ErrorCode::SessionClosed,
        _ => false,
    };
    match if broke { ended_note(found) } else { None } {
        Some(message) => Failure::runtime(message),
        None => error.into(),
    }
}

/// Why the session `found` ended, once its host has said so: the host
/// records why before it lets its connections and socket go, and an app that
/// quit can break a connection (or a host remove its socket) before the host
/// has written it, so this waits for the note while the host lives.
fn ended_note(found: &Discovery) -> Option<String> {
    let dir = discovery::dir().ok()?;
    let deadline = std::time::Instant::now() + ENDING;
    while found.alive()
        && crate::ended::explain(&dir, Some(&found.id)).is_none()
        && std::time::Instant::now() < deadline
    {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    crate::ended::explain(&dir, Some(&found.id))
}

/// How long a verb whose connection broke waits for the session's host
/// to say whether the session ended.
const ENDING: std::time::Duration = std::time::Duration::from_secs(5);

fn connect_host_of(found: Discovery) -> Result<(Discovery, Client), Failure> {
    match Client::connect(&found.socket) {
        Ok(client) => Ok((found, client)),
        // Found, then gone: a session whose program ended says so.
        Err(error) => Err(ended_note(&found).map(Failure::runtime).unwrap_or_else(|| {
            Failure::runtime(format!(
                "session {} does not answer on {}: {error}",
                found.id,
                found.socket.display()
            ))
        })),
    }
}

/// The script `send` runs: the literal text, then the secret, then each
/// key in order. An unknown or refused key is a hard error naming it.
pub fn send_script(
    keys: &[String],
    text: Option<&str>,
    secret_env: Option<&str>,
) -> Result<String, Failure> {
    let mut steps = Vec::new();
    if let Some(text) = text {
        steps.push(AutomationStep::type_text(text).to_string());
    }
    if let Some(var) = secret_env {
        let value = std::env::var(var).map_err(|_| {
            Failure::script(format!("--secret-env {var}: the variable is not set (or not UTF-8)"))
        })?;
        steps.push(AutomationStep::type_text(value).to_string());
    }
    for key in keys {
        match parse_step_str(&format!("key:{key}")) {
            Ok(parsed) if matches!(parsed.step, AutomationStep::Key { .. }) => {
                steps.push(parsed.step.to_string());
            }
            Ok(_) => return Err(Failure::script(format!("`{key}` is not a key"))),
            Err(error) => return Err(Failure::script(format!("send: {}", error.message))),
        }
    }
    if steps.is_empty() {
        return Err(Failure::script("send needs a key, --text or --secret-env"));
    }
    Ok(steps.join("\n"))
}

/// `send` and `act`: the script in one `act` request, to the app when it
/// serves its socket, else to the host.
pub fn send(id: Option<&str>, script: &str) -> Result<u64, Failure> {
    let (found, mut client) = connect(id)?;
    let reply = client.request(RequestBody::Act(Act { script: script.into() }), 60_000);
    let reply = reply.map_err(|error| {
        let trace = named_trace(&found, &error);
        let mut failure = ended_or(&found, error);
        failure.message.push_str(&trace.unwrap_or_default());
        failure
    });
    match reply? {
        OkReply::Act(acted) => Ok(acted.generation),
        other => Err(Failure::runtime(format!("the session answered `{}` to act", other.op()))),
    }
}

/// `snapshot`: the bytes in `format`.
pub fn snapshot(id: Option<&str>, format: SnapshotFormat) -> Result<Vec<u8>, Failure> {
    let (found, mut client) =
        if format == SnapshotFormat::Terminal { connect_host(id)? } else { connect(id)? };
    client.hello(&[known::SNAPSHOT_PNG, known::TERMINAL]).map_err(|e| ended_or(&found, e))?;
    let reply = client.request(RequestBody::Snapshot(Snapshot { format }), 10_000);
    match reply.map_err(|error| ended_or(&found, error))? {
        OkReply::Snapshot(snapshot) => Ok(snapshot.data.into_vec()),
        other => {
            Err(Failure::runtime(format!("the session answered `{}` to snapshot", other.op())))
        }
    }
}

/// `wait`: until the session answered its last input and its screen is
/// stable (and quiet for `idle_ms`, when given), at most `timeout_ms`.
pub fn wait(id: Option<&str>, idle_ms: Option<u64>, timeout_ms: u64) -> Result<u64, Failure> {
    if let Some(idle_ms) = idle_ms
        && idle_ms > timeout_ms
    {
        return Err(Failure::script(format!(
            "--idle-ms {idle_ms} is longer than --timeout-ms {timeout_ms}: the wait could never finish"
        )));
    }
    let (found, mut client) = connect(id)?;
    let reply = client.request(RequestBody::Idle(Idle { quiet_ms: idle_ms }), timeout_ms);
    match reply.map_err(|error| ended_or(&found, error))? {
        OkReply::Idle(waited) => Ok(waited.generation),
        other => Err(Failure::runtime(format!("the session answered `{}` to idle", other.op()))),
    }
}

/// `close`: the host stops its program and exits; the discovery files go.
pub fn close(id: Option<&str>) -> Result<(), Failure> {
    let (found, mut client) = connect_host(id)?;
    client.request(RequestBody::Close, 10_000)?;
    // The host answers, then stops: once it has exited, its program, its
    // socket and its files are gone too, so `close` returns only then.
    let deadline = std::time::Instant::now() + HOST_EXIT;
    while found.alive() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    found.remove(&discovery::dir()?);
    if found.alive() {
        return Err(Failure::runtime(format!(
            "session {} was closed but its host (pid {}) had not exited after {} ms",
            found.id,
            found.pid,
            HOST_EXIT.as_millis()
        )));
    }
    Ok(())
}

/// How long `close` waits for the host to exit after it answered.
const HOST_EXIT: std::time::Duration = std::time::Duration::from_secs(10);

/// The longest `pty-start --timeout-ms`: a request's deadline is at most
/// 60 s, and the start's wait leaves room for the spawn and the reply.
const MAX_START_WAIT_MS: u64 = 55_000;

/// Connects to the host of session `id` for `pty-stop` or `pty-start`,
/// which need the capability `pty-restart`.
fn connect_restartable(id: Option<&str>) -> Result<Client, Failure> {
    let (found, mut client) = connect_host(id)?;
    let ack = client.hello(&[known::PTY_RESTART])?;
    if !ack.capabilities.iter().any(|granted| granted.as_str() == known::PTY_RESTART) {
        return Err(Failure::runtime(format!(
            "session {} does not grant `{}`: its host cannot stop and start its program",
            found.id,
            known::PTY_RESTART
        )));
    }
    Ok(client)
}

/// `pty-stop`: the program is killed and reaped; the session stays.
pub fn pty_stop(id: Option<&str>) -> Result<PtyStopped, Failure> {
    let mut client = connect_restartable(id)?;
    match client.request(RequestBody::PtyStop, 10_000)? {
        OkReply::PtyStop(stopped) => Ok(stopped),
        other => {
            Err(Failure::runtime(format!("the session answered `{}` to pty-stop", other.op())))
        }
    }
}

/// `pty-start`: the program again, waiting at most `timeout_ms` for its
/// first screen.
pub fn pty_start(id: Option<&str>, timeout_ms: u64) -> Result<PtyStarted, Failure> {
    if !(1..=MAX_START_WAIT_MS).contains(&timeout_ms) {
        return Err(Failure::script(format!(
            "--timeout-ms {timeout_ms}: the start's wait is 1 to {MAX_START_WAIT_MS} ms"
        )));
    }
    let mut client = connect_restartable(id)?;
    let body = RequestBody::PtyStart(PtyStart { timeout_ms: Some(timeout_ms) });
    match client.request(body, timeout_ms + 5_000)? {
        OkReply::PtyStart(started) => Ok(started),
        other => {
            Err(Failure::runtime(format!("the session answered `{}` to pty-start", other.op())))
        }
    }
}
