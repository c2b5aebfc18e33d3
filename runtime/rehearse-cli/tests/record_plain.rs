//! `rehearse record` on programs that publish no tree — bash and less —
//! driven by a scripted person in a terminal of rehearse's, and each
//! recording replayed with `rehearse run` against the same program. The
//! person's terminal is checked after every way the recorder ends: the
//! chord, the program's exit, SIGTERM, SIGINT and SIGHUP.

use crate::support::person;

use person::{Person, alive, children, documented, replay};

const BASH: [&str; 3] = ["bash", "--norc", "--noprofile"];

/// The recording's steps (its comment lines left out).
fn steps(recording: &str) -> Vec<&str> {
    recording.lines().filter(|line| !line.starts_with('#')).collect()
}

#[test]
fn a_bash_session_is_recorded_with_typed_text_keys_and_the_line_that_answered() {
    let person = Person::record("bash.steps", &[], &BASH);
    person.sees("$");
    person.types("echo hello");
    person.sees("$ echo hello");
    person.presses("enter");
    person.sees("hello\n$");
    let (recording, person) = person.stops();
    person.sees_the_terminal_restored();
    let steps = steps(&recording);
    assert_eq!(steps.len(), 4, "{recording}");
    assert!(steps[0].starts_with("wait-for:contains=$,screen,"), "{recording}");
    assert_eq!(steps[1], "type:echo hello");
    assert_eq!(steps[2], "key:enter");
    assert!(steps[3].starts_with(r#"wait-for:contains="hello\n$",screen,"#), "{recording}");
    assert!(recording.contains("# Replay: rehearse run bash.steps --size 80x23 -- bash"));
    documented("bash", &recording);
    replay(&person, &BASH, &[]);
}

#[test]
fn when_the_program_exits_the_recording_ends_with_its_exit_code() {
    let person = Person::record("exit.steps", &[], &BASH);
    person.sees("$");
    person.types("exit 3");
    person.sees("$ exit 3");
    person.presses("enter");
    let (recording, person) = person.exits(0);
    person.sees_the_terminal_restored();
    let last = *steps(&recording).last().unwrap();
    assert!(last.starts_with("wait-for:exit-code=3,process,"), "{recording}");
    replay(&person, &BASH, &[]);
}

#[test]
fn text_typed_at_a_prompt_without_echo_is_a_secret_and_never_written() {
    let person = Person::record("secret.steps", &[], &BASH);
    person.sees("$");
    person.types(r#"read -s -p "Password: " pw; echo "got ${#pw}""#);
    person.sees("got ${#pw}");
    person.presses("enter");
    // The prompt bash prints, not the command line that names it.
    person.sees("\nPassword: ");
    person.types("hunter2");
    person.presses("enter");
    // The answer and the next prompt: what the recorder waits for.
    person.sees("got 7\n$");
    let (recording, person) = person.stops();
    assert!(recording.contains("type:${secret.PASSWORD}\n"), "{recording}");
    assert!(recording.contains("set PASSWORD first"), "{recording}");
    assert!(!recording.contains("hunter2"), "{recording}");
    assert!(recording.contains(r#"wait-for:contains="Password: got 7\n$",screen,"#), "{recording}");
    replay(&person, &BASH, &[("PASSWORD", "hunter2")]);
}

#[test]
fn a_paste_and_a_resize_are_steps_of_their_own() {
    let mut person = Person::record("paste.steps", &[], &BASH);
    person.sees("$");
    person.session.paste("echo pasted").unwrap();
    person.sees("$ echo pasted");
    person.presses("enter");
    person.sees("pasted\n$");
    person.session.resize(100, 30).unwrap();
    person.sees("resize:100x29");
    person.types("stty size");
    person.sees("$ stty size");
    person.presses("enter");
    person.sees("29 100");
    let (recording, person) = person.stops();
    let steps = steps(&recording);
    assert!(steps.contains(&"paste:echo pasted"), "{recording}");
    assert!(steps.contains(&"resize:100x29"), "{recording}");
    assert!(recording.contains("wait-for:contains=29 100,screen,"), "{recording}");
    replay(&person, &BASH, &[]);
}

#[test]
fn every_signal_that_ends_a_recording_restores_the_terminal_and_keeps_what_was_recorded() {
    for (signal, name) in [
        (rustix::process::Signal::TERM, "SIGTERM"),
        (rustix::process::Signal::INT, "SIGINT"),
        (rustix::process::Signal::HUP, "SIGHUP"),
    ] {
        let person = Person::record("signal.steps", &[], &BASH);
        person.sees("$");
        person.types("echo hi");
        person.sees("$ echo hi");
        let recorder = person.recorder_pid();
        let bash = children(recorder);
        assert_eq!(bash.len(), 1, "the recorder runs bash");
        rustix::process::kill_process(rustix::process::Pid::from_raw(recorder).unwrap(), signal)
            .unwrap();
        let (recording, person) = person.exits(2);
        person.sees(name);
        person.sees_the_terminal_restored();
        assert!(steps(&recording).contains(&"type:echo hi"), "{name}: {recording}");
        assert!(!alive(bash[0]), "{name}: bash is left running");
    }
}

#[test]
fn a_panic_while_recording_gives_the_terminal_back_and_leaves_no_process() {
    let panics = [("REHEARSE_RECORD_TEST_PANIC", "1"), ("RUST_BACKTRACE", "0")];
    let person = Person::record_with("panic.steps", &[], &BASH, &panics);
    person.sees("$");
    let recorder = person.recorder_pid();
    let bash = children(recorder);
    person.types("x");
    let exit = person.session.wait_exit(person::WAIT).expect("the recorder exits");
    assert_eq!(exit.code, Some(101), "{}", person.session.screen_text());
    person.sees("panicked");
    person.sees_the_terminal_restored();
    assert!(!alive(bash[0]), "bash is left running");
}

#[test]
fn a_less_session_is_recorded_with_keys_a_click_on_a_unique_phrase_the_wheel_and_its_exit() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("lines.txt");
    let lines: Vec<String> = (1..=200).map(|n| format!("line {n}")).collect();
    std::fs::write(&file, lines.join("\n")).unwrap();
    let less = ["less", "--mouse", file.to_str().unwrap()];
    let person = Person::record("less.steps", &[], &less);
    person.sees("line 22\n");
    person.types(" ");
    // The whole page and less's prompt under it: less reads the click next.
    person.sees("line 44\n:");
    let (col, row) = person.find("line 30");
    // On `line`, which every row holds: the phrase around it is unique.
    person.clicks(col + 1, row);
    person.sees("click:text~line 30");
    person.wheels_down(10, 5);
    person.sees("line 45\n");
    person.types("/line 77");
    person.sees("/line 77");
    person.presses("enter");
    person.sees("line 98\n");
    person.types("q");
    let (recording, person) = person.exits(0);
    person.sees_the_terminal_restored();
    // Every input in order, exactly. The screen waits between them are
    // what less had drawn when the next input came, which depends on how
    // far its redraw got (a scripted person is far quicker than a real
    // one): each must be a screen wait, right after an input, and the
    // recording must replay.
    let steps = steps(&recording);
    let inputs: Vec<&&str> =
        steps.iter().filter(|step| !step.starts_with("wait-for:contains=")).collect();
    let expected = [
        "type:\" \"",
        "click:text~line 30",
        "mouse:10,5,wheel-down,click",
        "type:/line 77",
        "key:enter",
        "type:q",
        "wait-for:exit-code=0,process,",
    ];
    assert_eq!(inputs.len(), expected.len(), "{recording}");
    for (step, start) in inputs.iter().zip(expected) {
        assert!(step.starts_with(start), "`{step}` is not `{start}…`:\n{recording}");
    }
    assert!(steps[0].starts_with("wait-for:contains="), "the first screen:\n{recording}");
    for pair in steps.windows(2) {
        if pair[1].starts_with("wait-for:contains=") {
            assert!(!pair[0].starts_with("wait-for:"), "two waits in a row:\n{recording}");
        }
    }
    assert!(steps.iter().any(|step| step.starts_with("wait-for:contains=line 23,")), "{recording}");
    replay(&person, &less, &[]);
}
