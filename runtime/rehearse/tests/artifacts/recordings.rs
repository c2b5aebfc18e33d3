//! Recordings: one asciicast frame per commit and a marker per checkpoint,
//! the same bytes for the same session, no wall clock.

use std::fs;
use std::path::Path;

use rehearse::artifacts::Recorder;
use rehearse::prelude::*;

use crate::support::{files, fill, scratch, session};

// ---------------------------------------------------------------- recordings

#[test]
fn a_recording_has_one_frame_per_commit_and_a_marker_per_checkpoint() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("recording");
    let record = |path: &Path| {
        let recorder = Recorder::new(path);
        let mut session = session();
        recorder.attach(&mut session);
        fill(&mut session);
        session.step(AutomationStep::checkpoint("filled")).unwrap();
        assert!(path.exists(), "written at the checkpoint");
        session.step(AutomationStep::resize(50, 14)).unwrap();
        let path = recorder.finish().unwrap();
        (fs::read_to_string(path).unwrap(), session.generation().0)
    };
    let (cast, generations) = record(&dir.join("run.cast"));
    let (again, _) = record(&dir.join("again.cast"));
    assert_eq!(cast, again, "the same session records the same bytes");

    let lines: Vec<&str> = cast.lines().collect();
    let header: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(header["version"], 2);
    assert_eq!((header["width"].as_u64(), header["height"].as_u64()), (Some(40), Some(12)));
    assert!(header.get("timestamp").is_none(), "no wall clock in the header");
    let events: Vec<serde_json::Value> =
        lines[1..].iter().map(|line| serde_json::from_str(line).unwrap()).collect();
    let kind = |kind: &str| events.iter().filter(|event| event[1] == kind).count();
    // The mount frame plus one per step's commit.
    assert_eq!(kind("o") as u64, generations);
    assert_eq!(kind("m"), 1);
    assert_eq!(kind("r"), 1);
    let marker = events.iter().find(|event| event[1] == "m").unwrap();
    assert_eq!(marker[2], "filled");
    let times: Vec<f64> = events.iter().map(|event| event[0].as_f64().unwrap()).collect();
    assert!(times.windows(2).all(|pair| pair[0] <= pair[1]), "{times:?}");
    assert_eq!(times[1] - times[0], 0.25, "the default pace");
    let resize = events.iter().find(|event| event[1] == "r").unwrap();
    assert_eq!(resize[2], "50x14");
    let last_frame =
        events.iter().rev().find(|event| event[1] == "o").unwrap()[2].as_str().unwrap();
    assert!(
        last_frame.contains("Profile") && last_frame.contains("\u{1b}[14;1H"),
        "{last_frame:?}"
    );
    assert!(!cast.contains("4321"), "the PIN is masked on screen, so in the recording too");
    assert_eq!(files(&dir), ["again.cast", "run.cast"], "no temporary files");
}
