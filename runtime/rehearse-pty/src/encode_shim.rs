//! SHIM — swap at merge. A minimal private stand-in for the input encoders
//! being written in `src/encode/` in another worktree, with the interface they
//! will have (`encode::key`, `encode::paste`, `encode::mouse`,
//! `encode::parse_escapes`). At merge, delete this file and its `mod` line in
//! `lib.rs`, and replace `crate::encode_shim::` by `crate::encode::` in
//! `session.rs` (the only user).

use rehearse_lang::{KeyCode, KeyPress, MouseButton};

use crate::encode::{InputModes, MouseAction, MouseEncoding, MouseInput, MouseInputButton};

/// SHIM: the bytes for a key (xterm, with DECCKM).
pub(crate) fn key(key: KeyPress, modes: InputModes) -> Result<Vec<u8>, String> {
    let m = key.modifiers;
    let param = 1 + u8::from(m.shift) + 2 * u8::from(m.alt) + 4 * u8::from(m.ctrl);
    let csi = |tail: &str| -> Vec<u8> {
        if param > 1 {
            let (num, fin) = tail.split_at(tail.len() - 1);
            let num = if num.is_empty() { "1" } else { num };
            format!("\x1b[{num};{param}{fin}").into_bytes()
        } else {
            format!("\x1b[{tail}").into_bytes()
        }
    };
    let cursor = |fin: char| -> Vec<u8> {
        if param == 1 && modes.application_cursor {
            format!("\x1bO{fin}").into_bytes()
        } else {
            csi(&fin.to_string())
        }
    };
    let bytes = match key.code {
        KeyCode::Char(c) => {
            let mut bytes = if m.ctrl && c.is_ascii_alphabetic() {
                vec![(c.to_ascii_lowercase() as u8) & 0x1f]
            } else {
                c.to_string().into_bytes()
            };
            if m.alt {
                bytes.insert(0, 0x1b);
            }
            bytes
        }
        KeyCode::Enter => b"\r".to_vec(),
        KeyCode::Tab => b"\t".to_vec(),
        KeyCode::BackTab => b"\x1b[Z".to_vec(),
        KeyCode::Esc => b"\x1b".to_vec(),
        KeyCode::Backspace => b"\x7f".to_vec(),
        KeyCode::Up => cursor('A'),
        KeyCode::Down => cursor('B'),
        KeyCode::Right => cursor('C'),
        KeyCode::Left => cursor('D'),
        KeyCode::Home => cursor('H'),
        KeyCode::End => cursor('F'),
        KeyCode::Insert => csi("2~"),
        KeyCode::Delete => csi("3~"),
        KeyCode::PageUp => csi("5~"),
        KeyCode::PageDown => csi("6~"),
        KeyCode::F(n @ 1..=4) if param == 1 => {
            format!("\x1bO{}", (b'P' + n - 1) as char).into_bytes()
        }
        KeyCode::F(n @ 1..=4) => csi(&((b'P' + n - 1) as char).to_string()),
        KeyCode::F(n) => {
            let code = match n {
                5 => 15,
                6 => 17,
                7 => 18,
                8 => 19,
                9 => 20,
                10 => 21,
                11 => 23,
                12 => 24,
                _ => return Err(format!("F{n} has no xterm encoding")),
            };
            csi(&format!("{code}~"))
        }
        #[allow(unreachable_patterns)]
        _ => return Err(format!("{key:?} has no encoding in the shim")),
    };
    Ok(bytes)
}

/// SHIM: a paste, bracketed only when the program enabled `?2004`.
pub(crate) fn paste(text: &str, modes: InputModes) -> Vec<u8> {
    if modes.bracketed_paste {
        // The end delimiter inside the text would end the paste early.
        let text = text.replace("\x1b[201~", "");
        format!("\x1b[200~{text}\x1b[201~").into_bytes()
    } else {
        text.as_bytes().to_vec()
    }
}

/// SHIM: a mouse event, SGR when the program enabled `?1006`, else X10.
pub(crate) fn mouse(input: MouseInput, modes: InputModes) -> Vec<u8> {
    let base: u8 = match input.button {
        MouseInputButton::Button(MouseButton::Left) => 0,
        MouseInputButton::Button(MouseButton::Middle) => 1,
        MouseInputButton::Button(MouseButton::Right) => 2,
        MouseInputButton::WheelUp => 64,
        MouseInputButton::WheelDown => 65,
        #[allow(unreachable_patterns)]
        _ => 0,
    };
    let wheel = base >= 64;
    let one = |code: u8, release: bool| -> Vec<u8> {
        let (x, y) = (u32::from(input.col) + 1, u32::from(input.row) + 1);
        if modes.mouse_encoding == MouseEncoding::Sgr {
            format!("\x1b[<{code};{x};{y}{}", if release { 'm' } else { 'M' }).into_bytes()
        } else {
            let code = if release { 3 } else { code };
            let clamp = |v: u32| u8::try_from((v + 32).min(255)).unwrap_or(255);
            vec![0x1b, b'[', b'M', code + 32, clamp(x), clamp(y)]
        }
    };
    match input.action {
        MouseAction::Click if wheel => one(base, false),
        MouseAction::Click => [one(base, false), one(base, true)].concat(),
        MouseAction::Press => one(base, false),
        MouseAction::Release => one(base, true),
        MouseAction::Move => one(base + 32, false),
        #[allow(unreachable_patterns)]
        _ => Vec::new(),
    }
}

/// SHIM: `send:` text with escapes: `\e`, `\n`, `\r`, `\t`, `\a`, `\0`,
/// `\\`, `\xHH`.
pub(crate) fn parse_escapes(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            let mut buf = [0u8; 4];
            out.extend(c.encode_utf8(&mut buf).as_bytes());
            continue;
        }
        match chars.next() {
            Some('e') => out.push(0x1b),
            Some('n') => out.push(b'\n'),
            Some('r') => out.push(b'\r'),
            Some('t') => out.push(b'\t'),
            Some('a') => out.push(0x07),
            Some('0') => out.push(0),
            Some('\\') => out.push(b'\\'),
            Some('x') => {
                let hex: String = chars.by_ref().take(2).collect();
                let byte =
                    u8::from_str_radix(&hex, 16).map_err(|_| format!("bad escape \\x{hex}"))?;
                out.push(byte);
            }
            Some(other) => return Err(format!("unknown escape \\{other}")),
            None => return Err("a trailing backslash".into()),
        }
    }
    Ok(out)
}
