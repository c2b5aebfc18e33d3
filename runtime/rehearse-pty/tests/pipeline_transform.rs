//! `transform` and `${artifacts.NAME.path}`: real commands (coreutils, no
//! shell in between) making new artifacts from a file a real program wrote,
//! their failures reported with status and standard error, nothing left
//! behind; and the references expanded into text typed to the program.

use crate::common;

use std::time::Duration;

use common::{PROMPT, TIMEOUT, bash, members};
use rehearse_pty::pipeline::{ArtifactOrigin, MAX_ARTIFACT_BYTES, PipelineError, Transform};
use rehearse_pty::{ScreenCondition, Terminal};

/// Bash in `dir` that wrote `list.txt` (three unsorted lines), downloaded
/// as artifact `list.txt`.
fn with_a_list(work: &std::path::Path, artifacts: &std::path::Path) -> Terminal {
    let mut terminal = Terminal::spawn(bash().current_dir(work)).unwrap();
    terminal.artifacts_dir(artifacts).unwrap();
    let pty = terminal.pty();
    pty.wait_screen(&ScreenCondition::contains(PROMPT), TIMEOUT).unwrap();
    pty.type_text("printf 'pear\\napple\\nfig\\n' > list.txt; echo WROTE-$((20+1))\r").unwrap();
    pty.wait_screen(&ScreenCondition::contains("WROTE-21"), TIMEOUT).unwrap();
    terminal.download("list.txt", "list.txt").unwrap();
    terminal
}

/// Asserts no process of `group` is alive now, then waits until none is
/// left at all: the zombies of processes killed with their parent are
/// reaped by init, which takes a moment.
fn assert_group_gone(group: i32) {
    // SIGKILL is delivered, not obeyed at once: a member may still show as
    // running for a moment. What proves the kill is that every member
    // (among them a `sleep 1000`) ends well before it would have on its own:
    // each one's pidfd turns readable when it exits.
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    use rustix::process::{Pid, PidfdFlags, pidfd_open};
    let deadline = std::time::Instant::now() + TIMEOUT;
    for member in members(-1, &[group]).into_iter().filter(|p| p.state != 'Z') {
        let Some(pid) = Pid::from_raw(member.pid) else { continue };
        // ESRCH: it is gone already.
        let Ok(pidfd) = pidfd_open(pid, PidfdFlags::empty()) else { continue };
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        let timeout = Timespec::try_from(left).unwrap();
        let mut fds = [PollFd::new(&pidfd, PollFlags::IN)];
        let ready = poll(&mut fds, Some(&timeout)).unwrap();
        assert!(ready == 1, "the transform's process {member:?} still runs after {TIMEOUT:?}");
    }
}

/// The entries of a directory, sorted.
fn entries(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_transform_writes_to_out_or_its_stdout_and_later_ones_name_it() {
    let work = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut terminal = with_a_list(work.path(), dir.path());

    // `${out}`: the file the command writes.
    let sorted = terminal
        .transform("sorted.txt", "sort", ["-o", "${out}", "${artifacts.list.txt.path}"])
        .unwrap()
        .clone();
    assert_eq!(sorted.path, dir.path().join("sorted.txt"));
    assert_eq!(std::fs::read_to_string(&sorted.path).unwrap(), "apple\nfig\npear\n");
    assert_eq!(sorted.bytes, 15);
    let ArtifactOrigin::Transform { command, from_stdout } = &sorted.origin else {
        panic!("{:?}", sorted.origin)
    };
    assert!(!from_stdout);
    assert_eq!(command[0], "sort");
    assert_eq!(command[3], dir.path().join("list.txt").display().to_string());
    assert!(
        command[2].ends_with("/sorted.txt") && command[2].contains("/.transform-"),
        "{command:?}"
    );

    // No `${out}`: its standard output; a later transform names the earlier one.
    let counted =
        terminal.transform("count", "wc", ["-l", "${artifacts.sorted.txt.path}"]).unwrap();
    let expected = format!("3 {}\n", dir.path().join("sorted.txt").display());
    assert_eq!(std::fs::read_to_string(&counted.path).unwrap(), expected);
    assert!(matches!(counted.origin, ArtifactOrigin::Transform { from_stdout: true, .. }));

    // `${out}` inside an argument, and the program itself from a reference.
    let copied = terminal
        .transform("copy.txt", "cp", ["--", "${artifacts.list.txt.path}", "${out}"])
        .unwrap();
    assert_eq!(std::fs::read_to_string(&copied.path).unwrap(), "pear\napple\nfig\n");
    assert_eq!(
        entries(dir.path()),
        ["copy.txt", "count", "list.txt", "sorted.txt"],
        "no staging left"
    );
}

#[test]
fn substituted_text_reaches_the_program() {
    let work = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut terminal = with_a_list(work.path(), dir.path());
    terminal.transform("sorted.txt", "sort", ["${artifacts.list.txt.path}"]).unwrap();
    let line =
        terminal.substitute("tr a-z A-Z < ${artifacts.sorted.txt.path} | paste -sd+\r").unwrap();
    assert_eq!(
        line,
        format!("tr a-z A-Z < {} | paste -sd+\r", dir.path().join("sorted.txt").display())
    );
    terminal.pty().type_text(&line).unwrap();
    terminal.pty().wait_screen(&ScreenCondition::contains("APPLE+FIG+PEAR"), TIMEOUT).unwrap();

    // Other `${…}` pass through to the shell, which expands them itself.
    let line = terminal.substitute("echo ${artifacts.list.txt.path}:${HOME:+home}\r").unwrap();
    terminal.pty().type_text(&line).unwrap();
    let shown = format!("{}:home", dir.path().join("list.txt").display());
    terminal.pty().wait_screen(&ScreenCondition::contains(&shown), TIMEOUT).unwrap();
    // In a pattern, the path is escaped: its dots match dots only.
    let pattern = terminal.substitute_regex(r"(?m)^${artifacts.list.txt.path}:home$").unwrap();
    assert!(pattern.ends_with(r"/list\.txt:home$"), "{pattern}");
    let condition = ScreenCondition::matches(&pattern).unwrap();
    terminal.pty().wait_screen(&condition, TIMEOUT).unwrap();

    let error = terminal.substitute("cat ${artifacts.sorted.path}").unwrap_err();
    assert_eq!(
        error.to_string(),
        "unknown artifact `sorted` in `${artifacts.sorted.path}`: the known artifacts are `list.txt`, `sorted.txt`"
    );
}

#[test]
fn failures_report_status_and_stderr_and_register_nothing() {
    let work = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut terminal = with_a_list(work.path(), dir.path());

    let error = terminal.transform("listing", "ls", ["/nonexistent-rehearse-dir"]).unwrap_err();
    assert!(matches!(error, PipelineError::TransformFailed { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.starts_with("transform `listing`: `ls /nonexistent-rehearse-dir` exited with code 2\n--- its standard error ---\nls: cannot access '/nonexistent-rehearse-dir'"),
        "{message}"
    );

    let error = terminal.transform("nothing.txt", "true", ["${out}"]).unwrap_err();
    assert!(
        error.to_string().contains("`true ")
            && error.to_string().contains("exited with code 0 but wrote no file to ${out} ("),
        "{error}"
    );

    // Sparse: past the limit without the bytes being written.
    let size = (MAX_ARTIFACT_BYTES + 1).to_string();
    let error =
        terminal.transform("huge.bin", "truncate", ["-s", size.as_str(), "${out}"]).unwrap_err();
    assert!(matches!(error, PipelineError::TooLarge { .. }), "{error:?}");
    assert!(
        error.to_string().starts_with("the file transform `huge.bin` wrote (")
            && error.to_string().ends_with(
                ") is larger than the artifact limit of 67108864 bytes (MAX_ARTIFACT_BYTES, docs/limits.md): 67108865 bytes"
            ),
        "{error}"
    );

    let error = terminal.transform("x", "/nonexistent/rehearse-tool", ["a"]).unwrap_err();
    assert!(
        error.to_string().starts_with(
            "transform `x`: cannot run `/nonexistent/rehearse-tool a`: No such file or directory"
        ),
        "{error}"
    );

    let error = terminal.transform("y", "cat", ["${artifacts.nope.path}"]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "unknown artifact `nope` in `${artifacts.nope.path}`: the known artifacts are `list.txt`"
    );
    let error = terminal.transform("list.TXT", "cat", ["${artifacts.list.txt.path}"]).unwrap_err();
    assert!(matches!(error, PipelineError::Duplicate { .. }), "{error:?}");

    let names: Vec<&str> = terminal.artifacts().iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["list.txt"]);
    assert_eq!(entries(dir.path()), ["list.txt"], "nothing left in the directory");
}

#[test]
fn a_transform_past_its_timeout_is_killed_with_everything_it_started() {
    let work = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut terminal = with_a_list(work.path(), dir.path());
    let pid_file = work.path().join("transform.pid");
    // bash leads the transform's process group; its `sleep` child is in it.
    let script = format!("echo $$ > {}; echo started >&2; sleep 1000 & wait", pid_file.display());
    let transform = Transform::new("slow", "bash")
        .args(["-c", script.as_str()])
        .timeout(Duration::from_millis(300));
    let error = terminal.run_transform(&transform).unwrap_err();
    assert!(matches!(error, PipelineError::TransformTimeout { .. }), "{error:?}");
    assert!(
        error
            .to_string()
            .contains("ran longer than 300ms and was killed\n--- its standard error ---\nstarted"),
        "{error}"
    );
    let group: i32 = std::fs::read_to_string(&pid_file).unwrap().trim().parse().unwrap();
    assert_group_gone(group);
    assert!(terminal.artifact("slow").is_none());
    // A successful command's leftovers go too.
    let script = format!("echo $$ > {}; sleep 1000 & echo done", pid_file.display());
    let fast = terminal.transform("fast", "bash", ["-c", script.as_str()]).unwrap();
    assert_eq!(std::fs::read_to_string(&fast.path).unwrap(), "done\n");
    let group: i32 = std::fs::read_to_string(&pid_file).unwrap().trim().parse().unwrap();
    assert_group_gone(group);
}
