//! The bodies of the fuzz targets, shared by the cargo-fuzz crate
//! (`fuzz/fuzz_targets/*.rs`, each one line calling a function here) and by
//! the workspace test that replays every committed corpus file on stable
//! (`ui-tests/tests/fuzz_corpus.rs`), so a crash fixed once stays fixed.
//!
//! Each function takes arbitrary bytes. It must not panic, abort or hang;
//! where a parser accepts its input, the function also checks the property
//! the parser promises (a step's printed form parses back to the step, an
//! accepted screen reads back the same). `TARGETS` lists them by the name of
//! their corpus directory.

use rehearse_core::artifacts::{Screen, png};
use rehearse_core::semantic::SemanticTree;
use rehearse_lang::script::{
    family_parts, is_family, matches_declared, parse_script, parse_step_str, validate_declared_id,
};
use rehearse_lang::{AutomationId, KeyPress, MouseButton, validate_checkpoint_name};
use rehearse_protocol::{
    frame::{Direction, FrameDecoder},
    limits::Limits,
    message::{
        decode_reply, decode_request, encode_reply, encode_request, parse_reply, parse_request,
    },
};
use rehearse_pty::encode::{
    InputModes, MouseAction, MouseEncoding, MouseInput, MouseInputButton, MouseReporting, key,
    mouse, parse_escapes, paste,
};

/// A target's body.
pub type Target = fn(&[u8]);

/// Every target: its corpus directory's name and its body.
pub const TARGETS: &[(&str, Target)] = &[
    ("script", script),
    ("step", step),
    ("key", key_press),
    ("id", id),
    ("checkpoint_name", checkpoint_name),
    ("id_family", id_family),
    ("cells", cells),
    ("styled", styled),
    ("text", text),
    ("png", png_decode),
    ("pty_key", pty_key),
    ("pty_paste", pty_paste),
    ("pty_mouse", pty_mouse),
    ("pty_escapes", pty_escapes),
    ("protocol_frames", protocol_frames),
    ("protocol_message", protocol_message),
    ("semantic_tree_json", semantic_tree_json),
];

/// The input as text, or nothing (the text parsers take `&str`).
fn utf8(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// Whether a step's printed form parses back to the step.
fn round_trips(step: &rehearse_lang::AutomationStep) {
    let printed = step.to_string();
    match parse_step_str(&printed) {
        Ok(parsed) => assert_eq!(&parsed.step, step, "`{printed}` parses to another step"),
        Err(error) => panic!("`{printed}`, the printed form of {step:?}, does not parse: {error}"),
    }
}

/// A whole script: parse and check; every step it accepts prints as a
/// spelling that parses back to it.
pub fn script(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    if let Ok(script) = parse_script(text) {
        script.automation_steps().for_each(round_trips);
    }
}

/// One step, and the same round trip.
pub fn step(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    if let Ok(parsed) = parse_step_str(text) {
        round_trips(&parsed.step);
    }
}

/// A key name: an accepted key prints as a name that parses back to it.
pub fn key_press(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    if let Ok(key) = text.parse::<KeyPress>() {
        let printed = key.to_string();
        assert_eq!(printed.parse::<KeyPress>().ok(), Some(key), "`{printed}` of `{text}`");
    }
}

/// An automation id: an accepted id is itself, and valid again.
pub fn id(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    if let Ok(id) = AutomationId::new(text.to_owned()) {
        assert_eq!(id.as_str(), text);
        assert!(AutomationId::new(id.to_string()).is_ok());
    }
}

/// A checkpoint name: valid names stay inside their directory.
pub fn checkpoint_name(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    if validate_checkpoint_name(text).is_ok() {
        assert!(!text.contains(['/', '\\']) && !text.starts_with('.'), "{text:?}");
    }
}

/// An id family and an id, split at the first newline: validation, parts,
/// matching (the `const fn`s `scenario!` runs at compile time).
pub fn id_family(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    let (pattern, candidate) = text.split_once('\n').unwrap_or((text, ""));
    let valid = validate_declared_id(pattern).is_ok();
    let _ = is_family(pattern);
    let _ = family_parts(pattern);
    if valid && matches_declared(pattern, candidate) {
        assert!(AutomationId::new(candidate.to_owned()).is_ok(), "{candidate:?} of {pattern:?}");
    }
}

/// A screen read back through cells, styled and text must be the same screen.
fn reads_back(screen: &Screen) {
    let cells = screen.cells().to_string();
    let again = Screen::parse_cells(&cells).unwrap_or_else(|e| panic!("cells: {e}\n{cells}"));
    assert_eq!(&again, screen, "cells round trip");
    let styled = screen.styled().to_string();
    Screen::parse_styled(&styled).unwrap_or_else(|e| panic!("styled: {e}\n{styled}"));
    let text = screen.text().to_string();
    Screen::parse_text(&text, screen.cols(), screen.rows())
        .unwrap_or_else(|e| panic!("text: {e}\n{text}"));
}

/// A cells golden (JSON).
pub fn cells(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    if let Ok(screen) = Screen::parse_cells(text) {
        reads_back(&screen);
    }
}

/// A styled golden.
pub fn styled(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    let _ = Screen::parse_styled(text);
}

/// A text golden: two little-endian `u16`s (columns, rows), then the text.
pub fn text(data: &[u8]) {
    let [c0, c1, r0, r1, rest @ ..] = data else { return };
    let Some(text) = utf8(rest) else { return };
    let (cols, rows) = (u16::from_le_bytes([*c0, *c1]), u16::from_le_bytes([*r0, *r1]));
    let _ = Screen::parse_text(text, cols, rows);
}

/// A PNG golden.
pub fn png_decode(data: &[u8]) {
    let _ = png::decode(data);
}

/// Input modes from one byte.
fn modes(byte: u8) -> InputModes {
    let reporting = match byte & 0b111 {
        0 => MouseReporting::Off,
        1 => MouseReporting::Press,
        2 => MouseReporting::PressRelease,
        3 => MouseReporting::ButtonMotion,
        _ => MouseReporting::AnyMotion,
    };
    let encoding = match (byte >> 3) & 0b11 {
        0 => MouseEncoding::X10,
        1 => MouseEncoding::Utf8,
        _ => MouseEncoding::Sgr,
    };
    InputModes::default()
        .with_application_cursor(byte & 0x20 != 0)
        .with_bracketed_paste(byte & 0x40 != 0)
        .with_mouse(reporting, encoding)
}

/// The terminal plane's key encoder: a mode byte, then a key name.
pub fn pty_key(data: &[u8]) {
    let [mode, rest @ ..] = data else { return };
    let Some(text) = utf8(rest) else { return };
    if let Ok(press) = text.parse::<KeyPress>() {
        let _ = key(press, modes(*mode));
    }
}

/// Bracketed paste: a mode byte, then the text; the text never ends the
/// paste early.
pub fn pty_paste(data: &[u8]) {
    let [mode, rest @ ..] = data else { return };
    let Some(text) = utf8(rest) else { return };
    let modes = modes(*mode);
    let bytes = paste(text, modes);
    if modes.bracketed_paste {
        let end = rehearse_pty::encode::BRACKETED_PASTE_END;
        let inner = &bytes[..bytes.len().saturating_sub(end.len())];
        assert!(!inner.windows(end.len()).any(|w| w == end), "a paste ended early: {text:?}");
    }
}

/// Mouse reports: a mode byte, then column, row, button and action.
pub fn pty_mouse(data: &[u8]) {
    let [mode, c0, c1, r0, r1, button, action, ..] = data else { return };
    let button = match button % 6 {
        0 => MouseInputButton::Button(MouseButton::Left),
        1 => MouseInputButton::Button(MouseButton::Middle),
        2 => MouseInputButton::Button(MouseButton::Right),
        3 => MouseInputButton::WheelUp,
        4 => MouseInputButton::WheelDown,
        _ => MouseInputButton::None,
    };
    let action = match action % 4 {
        0 => MouseAction::Click,
        1 => MouseAction::Press,
        2 => MouseAction::Release,
        _ => MouseAction::Move,
    };
    let input = MouseInput {
        col: u16::from_le_bytes([*c0, *c1]),
        row: u16::from_le_bytes([*r0, *r1]),
        button,
        action,
    };
    let _ = mouse(input, modes(*mode));
}

/// The escapes of a `send:` string.
pub fn pty_escapes(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    let _ = parse_escapes(text);
}

/// The protocol's frame decoder over a byte stream, fed whole and in
/// pieces (the first byte says how big): the same frames, or the same
/// violation, either way — a partial frame is never acted on — and every
/// frame's request read as the server reads it.
pub fn protocol_frames(data: &[u8]) {
    let Some((&piece, stream)) = data.split_first() else { return };
    let limits = Limits::default();
    let mut whole = FrameDecoder::requests(&limits);
    let at_once = whole.feed(stream);
    let mut split = FrameDecoder::requests(&limits);
    let mut frames = Vec::new();
    let mut in_pieces = Ok(());
    for chunk in stream.chunks(usize::from(piece).max(1)) {
        match split.feed(chunk) {
            Ok(more) => frames.extend(more),
            Err(error) => {
                in_pieces = Err(error);
                break;
            }
        }
    }
    match (&at_once, &in_pieces) {
        (Ok(all), Ok(())) => assert_eq!(all, &frames, "split points changed the frames"),
        (Err(a), Err(b)) => assert_eq!(a.code, b.code, "split points changed the violation"),
        // Frames before a violation are delivered by the piecewise feed
        // only; the violation itself must be the same.
        (Ok(_), Err(error)) | (Err(error), Ok(())) => {
            panic!("one feed failed ({error:?}) and the other did not")
        }
    }
    for frame in &frames {
        if let Ok(request) = decode_request(frame.as_str().as_bytes()) {
            let again = encode_request(&request, &limits).expect("an accepted request re-encodes");
            let mut decoder = FrameDecoder::new(Direction::Request, &limits);
            let reread = decoder.feed(&again).expect("its frame decodes");
            assert_eq!(reread.len(), 1);
            assert_eq!(parse_request(reread[0].as_str()).as_ref(), Ok(&request));
        }
    }
}

/// One message body: read strictly as a request (an accepted one prints
/// as JSON that reads back to it) and tolerantly as a reply (an accepted
/// one re-encodes).
pub fn protocol_message(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    if let Ok(request) = parse_request(text) {
        assert_eq!(parse_request(&request.to_json()).as_ref(), Ok(&request), "{text}");
    }
    if let Ok(reply) = parse_reply(text) {
        let limits = Limits::default();
        // One the limit allows re-encodes to a frame that reads back to it.
        if text.len() <= limits.max_reply_bytes() as usize {
            let framed = encode_reply(&reply, &limits).expect("an accepted reply re-encodes");
            assert_eq!(decode_reply(&framed[4..], &limits).as_ref(), Ok(&reply), "{text}");
        }
    }
}

/// A semantic tree's JSON, as a program serving the control protocol
/// publishes it (untrusted: the terminal plane resolves `#id` and `@role`
/// against it, and reads it strictly). A tree that reads back holds at most
/// `MAX_PUBLISHED_NODES` nodes, each automation id once, every non-empty
/// clipped bounds within the viewport; it prints (`to_json`) as JSON that
/// reads back equal, prints as markdown, and takes the geometry a plane
/// computes on it (a node's centre, where a click lands; the nodes under a
/// cell; each node's label); a value the input marks
/// `"redacted": true`, or gives a sensitivity other than `public`, reads
/// back without text.
pub fn semantic_tree_json(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    let Ok(tree) = SemanticTree::from_json(text) else { return };
    assert!(tree.len() <= rehearse_core::semantic::MAX_PUBLISHED_NODES, "too many nodes read");
    let mut ids = std::collections::HashSet::new();
    let (cols, rows) = (i32::from(tree.viewport.width), i32::from(tree.viewport.height));
    for node in tree.nodes() {
        if let Some(id) = &node.automation_id {
            assert!(ids.insert(id.as_str().to_owned()), "`{}` read twice", id.as_str());
        }
        let clipped = node.clipped_bounds;
        assert!(
            clipped.is_empty()
                || (clipped.x >= 0
                    && clipped.y >= 0
                    && clipped.right() <= cols
                    && clipped.bottom() <= rows),
            "clipped bounds {clipped:?} outside the {cols}x{rows} viewport read back"
        );
    }
    let printed = tree.to_json();
    match SemanticTree::from_json(&printed) {
        Ok(again) => assert_eq!(again, tree, "the printed tree reads back different:\n{printed}"),
        Err(error) => panic!("the printed tree does not read back ({error}):\n{printed}"),
    }
    let _ = tree.to_markdown();
    for (index, node) in tree.nodes().enumerate() {
        let _ = (node.clipped_bounds.centre(), node.bounds.centre(), node.label());
        let _ = node.bounds.intersection(node.clipped_bounds);
        // A few lookups by cell; each walks the whole tree.
        if index < 16 {
            let (col, row) = node.clipped_bounds.centre();
            let cell = |at: i32| u16::try_from(at.max(0)).unwrap_or(u16::MAX);
            let _ = tree.topmost_at(cell(col), cell(row));
        }
    }
    // An input `Value` cannot read (deeper than its own limit) is checked
    // above only.
    let Ok(input) = serde_json::from_str::<serde_json::Value>(text) else { return };
    let mut withheld = Vec::new();
    withheld_values(&input["root"], &mut withheld);
    assert_eq!(withheld.len(), tree.len(), "one input node a node read back");
    for (node, withheld) in tree.nodes().zip(withheld) {
        let text = node.value.as_ref().and_then(|value| value.text());
        assert!(!withheld || text.is_none(), "a redacted value read back as {text:?}");
    }
}

/// For every node under `node` (itself first, in document order): whether
/// its value is marked redacted or has a sensitivity other than `public`.
fn withheld_values(node: &serde_json::Value, into: &mut Vec<bool>) {
    let value = &node["value"];
    let redacted = value["redacted"] == serde_json::Value::Bool(true);
    let sensitivity = value["sensitivity"].as_str();
    into.push(value.is_object() && (redacted || sensitivity != Some("public")));
    if let Some(children) = node["children"].as_array() {
        children.iter().for_each(|child| withheld_values(child, into));
    }
}
