//! The render-commit marker: the one implementation of encode and verify,
//! shared by the app side (which announces each commit on its output) and the
//! driver (which takes the marker out of the terminal stream).
//!
//! # Wire format
//!
//! The base form is termwright's marker, byte for byte:
//!
//! ```text
//! ESC ] 8487 ; twm;{revision};{mac} BEL
//! 1b 5d 38 34 38 37 3b 74 77 6d 3b ... 07
//! ```
//!
//! * `{revision}` is canonical decimal, `^[1-9][0-9]{0,15}$` (no sign, no
//!   leading zero, at most 16 digits); revisions strictly increase within a
//!   session.
//! * `{mac}` is the first 16 bytes of `HMAC-SHA256(token, "{session}:{revision}")`
//!   in base64url without padding: exactly 22 characters. The token is opaque:
//!   its UTF-8 bytes are the key, it is never decoded first.
//!
//! # Input acknowledgement (rehearse's extension)
//!
//! An app may also say how much of its input it had read when it committed,
//! so that the driver can tell a commit caused by its last input from one a
//! timer made in between:
//!
//! ```text
//! ESC ] 8487 ; twm;{revision};{mac};in={input} BEL
//! ```
//!
//! * `{input}` is the number of bytes the app had read from its terminal input
//!   (stdin, in raw mode) when it committed, canonical decimal
//!   `^(0|[1-9][0-9]{0,15})$`. Bytes are the one unit both sides count
//!   alike whatever they contain: a key, a paste, a mouse report and a reply
//!   to a terminal query all count as what was written. The driver counts
//!   every byte it writes to the program, its query replies included.
//! * The MAC then covers the input too: the message is
//!   `"{session}:{revision};in={input}"`. The base message always ends with
//!   `:` and digits, this one with `=` and digits, so no base marker can be
//!   replayed as an acknowledging one or the other way round.
//!
//! Verification compares the MAC in constant time (`verify_truncated_left`)
//! and a [`MarkerVerifier`] rejects any revision not greater than the last
//! one it accepted, so a replayed marker is ignored.

use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// The OSC number of the marker (`T` and `W` in ASCII).
pub const MARKER_OSC: u32 = 8487;

/// The tag that follows the OSC number.
pub const MARKER_TAG: &str = "twm";

/// Bytes of the truncated MAC.
pub const MAC_BYTES: usize = 16;

/// Characters of the MAC in base64url without padding.
pub const MAC_CHARS: usize = 22;

/// The largest OSC payload a marker can have; a driver may drop anything longer
/// before it is parsed.
pub const MAX_MARKER_PAYLOAD: usize = 96;

/// The environment variable carrying the token to an app.
pub const TOKEN_ENV: &str = "REHEARSE_TOKEN";

/// The environment variable carrying the session id to an app.
pub const SESSION_ENV: &str = "REHEARSE_SESSION";

/// A revision or input count that is not canonical decimal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NonCanonical(pub String);

impl fmt::Display for NonCanonical {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a canonical marker number", self.0)
    }
}

impl std::error::Error for NonCanonical {}

/// A verified marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Marker {
    /// The committed revision (at least 1).
    pub revision: u64,
    /// How many input bytes the app had read when it committed, when it said.
    pub input: Option<u64>,
}

/// The key material both sides share: the opaque token and the session id.
#[derive(Clone)]
pub struct MarkerKey {
    token: Vec<u8>,
    session: String,
}

impl fmt::Debug for MarkerKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MarkerKey")
            .field("token", &"<redacted>")
            .field("session", &self.session)
            .finish()
    }
}

impl MarkerKey {
    /// A key from the token (used as the HMAC key as it is) and the session id.
    pub fn new(token: impl Into<String>, session: impl Into<String>) -> Self {
        Self { token: token.into().into_bytes(), session: session.into() }
    }

    /// The session id.
    pub fn session(&self) -> &str {
        &self.session
    }

    fn mac(&self, revision: u64, input: Option<u64>) -> Hmac<Sha256> {
        // HMAC takes a key of any length, so this cannot fail.
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&self.token)
            .expect("HMAC accepts keys of any length");
        mac.update(message(&self.session, revision, input).as_bytes());
        mac
    }

    /// The 22-character MAC of a revision (and input count, when given).
    pub fn mac_text(&self, revision: u64, input: Option<u64>) -> String {
        let tag = self.mac(revision, input).finalize().into_bytes();
        URL_SAFE_NO_PAD.encode(&tag[..MAC_BYTES])
    }

    /// The OSC payload (what follows `ESC ] 8487 ;`), without terminator.
    ///
    /// # Errors
    /// [`NonCanonical`] when `revision` is 0 or either number is longer than
    /// 16 digits.
    pub fn payload(&self, revision: u64, input: Option<u64>) -> Result<String, NonCanonical> {
        check_range(revision, false)?;
        if let Some(input) = input {
            check_range(input, true)?;
        }
        let mac = self.mac_text(revision, input);
        Ok(match input {
            Some(input) => format!("{MARKER_TAG};{revision};{mac};in={input}"),
            None => format!("{MARKER_TAG};{revision};{mac}"),
        })
    }

    /// The whole marker: `ESC ] 8487 ; payload BEL`.
    ///
    /// # Errors
    /// As [`MarkerKey::payload`].
    pub fn encode(&self, revision: u64, input: Option<u64>) -> Result<Vec<u8>, NonCanonical> {
        let payload = self.payload(revision, input)?;
        Ok(format!("\x1b]{MARKER_OSC};{payload}\x07").into_bytes())
    }

    /// Verifies an OSC payload (what follows `ESC ] 8487 ;`; a trailing BEL or
    /// ST is tolerated). `None` on any mismatch: wrong tag, non-canonical
    /// numbers, bad base64, wrong MAC (compared in constant time).
    pub fn verify_payload(&self, payload: &[u8]) -> Option<Marker> {
        let payload = strip_terminator(payload);
        if payload.len() > MAX_MARKER_PAYLOAD {
            return None;
        }
        let text = std::str::from_utf8(payload).ok()?;
        let mut fields = text.split(';');
        let fields: [Option<&str>; 5] = std::array::from_fn(|_| fields.next());
        let [Some(tag), Some(revision), Some(mac), input, None] = fields else {
            return None;
        };
        self.verify_fields(tag, revision, mac, input)
    }

    /// Verifies the OSC parameters as a VT parser splits them on `;`, the
    /// first being `8487`.
    pub fn verify_params(&self, params: &[&[u8]]) -> Option<Marker> {
        fn text(bytes: &[u8]) -> Option<&str> {
            std::str::from_utf8(bytes).ok()
        }
        match params {
            [osc, tag, revision, mac] if *osc == b"8487" => {
                self.verify_fields(text(tag)?, text(revision)?, text(mac)?, None)
            }
            [osc, tag, revision, mac, input] if *osc == b"8487" => {
                self.verify_fields(text(tag)?, text(revision)?, text(mac)?, Some(text(input)?))
            }
            _ => None,
        }
    }

    fn verify_fields(
        &self,
        tag: &str,
        revision: &str,
        mac: &str,
        input: Option<&str>,
    ) -> Option<Marker> {
        if tag != MARKER_TAG || mac.len() != MAC_CHARS {
            return None;
        }
        let revision = parse_revision(revision).ok()?;
        let input = match input {
            Some(field) => Some(parse_input(field.strip_prefix("in=")?).ok()?),
            None => None,
        };
        let tag_bytes = URL_SAFE_NO_PAD.decode(mac).ok()?;
        if tag_bytes.len() != MAC_BYTES {
            return None;
        }
        self.mac(revision, input).verify_truncated_left(&tag_bytes).ok()?;
        Some(Marker { revision, input })
    }
}

/// Verifies markers and remembers the last revision it accepted, so a replay
/// of an older (or the same) revision is rejected.
#[derive(Debug, Clone)]
pub struct MarkerVerifier {
    key: MarkerKey,
    last: Option<u64>,
}

impl MarkerVerifier {
    /// A verifier that has accepted nothing yet.
    pub fn new(key: MarkerKey) -> Self {
        Self { key, last: None }
    }

    /// The last revision accepted.
    pub fn last_revision(&self) -> Option<u64> {
        self.last
    }

    /// Accepts the marker (OSC parameters as a VT parser splits them) when it
    /// verifies and its revision is newer than the last one accepted.
    pub fn accept_params(&mut self, params: &[&[u8]]) -> Option<Marker> {
        let marker = self.key.verify_params(params)?;
        self.accept(marker)
    }

    /// As [`MarkerVerifier::accept_params`], from the payload text.
    pub fn accept_payload(&mut self, payload: &[u8]) -> Option<Marker> {
        let marker = self.key.verify_payload(payload)?;
        self.accept(marker)
    }

    fn accept(&mut self, marker: Marker) -> Option<Marker> {
        if self.last.is_some_and(|last| marker.revision <= last) {
            return None;
        }
        self.last = Some(marker.revision);
        Some(marker)
    }
}

fn message(session: &str, revision: u64, input: Option<u64>) -> String {
    match input {
        Some(input) => format!("{session}:{revision};in={input}"),
        None => format!("{session}:{revision}"),
    }
}

fn strip_terminator(payload: &[u8]) -> &[u8] {
    payload.strip_suffix(b"\x07").or_else(|| payload.strip_suffix(b"\x1b\\")).unwrap_or(payload)
}

const MAX_DIGITS: usize = 16;

fn check_range(value: u64, zero_ok: bool) -> Result<(), NonCanonical> {
    if (value == 0 && !zero_ok) || value >= 10u64.pow(MAX_DIGITS as u32) {
        return Err(NonCanonical(value.to_string()));
    }
    Ok(())
}

/// Parses a revision: canonical decimal `^[1-9][0-9]{0,15}$`.
///
/// # Errors
/// [`NonCanonical`] for anything else (`0`, `01`, `+1`, 17 digits, ...).
pub fn parse_revision(text: &str) -> Result<u64, NonCanonical> {
    let bytes = text.as_bytes();
    let canonical = !bytes.is_empty()
        && bytes.len() <= MAX_DIGITS
        && bytes[0] != b'0'
        && bytes.iter().all(u8::is_ascii_digit);
    if !canonical {
        return Err(NonCanonical(text.to_owned()));
    }
    text.parse().map_err(|_| NonCanonical(text.to_owned()))
}

/// Parses an input count: canonical decimal `^(0|[1-9][0-9]{0,15})$`.
///
/// # Errors
/// [`NonCanonical`] for anything else.
pub fn parse_input(text: &str) -> Result<u64, NonCanonical> {
    if text == "0" {
        return Ok(0);
    }
    parse_revision(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> MarkerKey {
        MarkerKey::new("s3cret-token", "session-1")
    }

    fn payload_of(marker: &[u8]) -> &[u8] {
        marker.strip_prefix(b"\x1b]8487;").unwrap()
    }

    #[test]
    fn round_trip_base_form() {
        let bytes = key().encode(42, None).unwrap();
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(text.starts_with("\x1b]8487;twm;42;"));
        assert!(text.ends_with('\x07'));
        let mac = text.trim_end_matches('\x07').rsplit(';').next().unwrap();
        assert_eq!(mac.len(), MAC_CHARS);
        assert!(!mac.contains('='));
        let marker = key().verify_payload(payload_of(&bytes)).unwrap();
        assert_eq!(marker, Marker { revision: 42, input: None });
    }

    #[test]
    fn known_vector() {
        // HMAC-SHA256("s3cret-token", "session-1:1"), first 16 bytes, base64url.
        let tag = <Hmac<Sha256> as KeyInit>::new_from_slice(b"s3cret-token")
            .unwrap()
            .chain_update(b"session-1:1")
            .finalize()
            .into_bytes();
        assert_eq!(key().mac_text(1, None), URL_SAFE_NO_PAD.encode(&tag[..16]));
    }

    #[test]
    fn round_trip_with_input_through_params() {
        let bytes = key().encode(7, Some(0)).unwrap();
        let payload = payload_of(&bytes).strip_suffix(b"\x07").unwrap();
        let mut params: Vec<&[u8]> = vec![b"8487"];
        params.extend(payload.split(|b| *b == b';'));
        assert_eq!(key().verify_params(&params), Some(Marker { revision: 7, input: Some(0) }));
    }

    #[test]
    fn forged_mac_is_rejected() {
        let good = key().payload(5, None).unwrap();
        let mut forged = good.clone().into_bytes();
        let last = forged.len() - 1;
        forged[last] = if forged[last] == b'A' { b'B' } else { b'A' };
        assert_eq!(key().verify_payload(&forged), None);
        // A MAC made with another token.
        let other = MarkerKey::new("other-token", "session-1").payload(5, None).unwrap();
        assert_eq!(key().verify_payload(other.as_bytes()), None);
        // The MAC of one revision under another revision's number.
        let mac = key().mac_text(5, None);
        assert_eq!(key().verify_payload(format!("twm;6;{mac}").as_bytes()), None);
    }

    #[test]
    fn wrong_session_is_rejected() {
        let payload = MarkerKey::new("s3cret-token", "session-2").payload(3, None).unwrap();
        assert_eq!(key().verify_payload(payload.as_bytes()), None);
    }

    #[test]
    fn input_is_covered_by_the_mac() {
        let payload = key().payload(3, Some(10)).unwrap();
        let tampered = payload.replace("in=10", "in=11");
        assert_eq!(key().verify_payload(tampered.as_bytes()), None);
        // The acknowledging MAC does not verify as a base marker, nor the reverse.
        let stripped = payload.rsplit_once(';').unwrap().0;
        assert_eq!(key().verify_payload(stripped.as_bytes()), None);
        let base = key().payload(3, None).unwrap();
        assert_eq!(key().verify_payload(format!("{base};in=0").as_bytes()), None);
    }

    #[test]
    fn verifier_rejects_replay_of_older_or_same_revision() {
        let mut verifier = MarkerVerifier::new(key());
        let p = |rev| key().payload(rev, None).unwrap();
        assert!(verifier.accept_payload(p(2).as_bytes()).is_some());
        assert!(verifier.accept_payload(p(2).as_bytes()).is_none(), "same revision replayed");
        assert!(verifier.accept_payload(p(1).as_bytes()).is_none(), "older revision replayed");
        assert!(verifier.accept_payload(p(3).as_bytes()).is_some());
        assert_eq!(verifier.last_revision(), Some(3));
    }

    #[test]
    fn non_canonical_revisions_are_rejected() {
        for bad in ["0", "01", "+1", "-1", "1.0", " 1", "", "12345678901234567", "1e3"] {
            assert!(parse_revision(bad).is_err(), "{bad:?} accepted");
            let mac = key().mac_text(1, None);
            let payload = format!("twm;{bad};{mac}");
            assert_eq!(key().verify_payload(payload.as_bytes()), None, "{bad:?} verified");
        }
        assert_eq!(parse_revision("9999999999999999"), Ok(9_999_999_999_999_999));
        assert!(key().encode(0, None).is_err());
        assert!(key().encode(10u64.pow(16), None).is_err());
        assert_eq!(parse_input("0"), Ok(0));
        assert!(parse_input("00").is_err());
    }

    #[test]
    fn tolerates_a_terminator_and_rejects_garbage() {
        let payload = key().payload(9, None).unwrap();
        for terminated in [format!("{payload}\x07"), format!("{payload}\x1b\\")] {
            assert!(key().verify_payload(terminated.as_bytes()).is_some());
        }
        for bad in ["", "twm", "twm;1", "xyz;1;AAAAAAAAAAAAAAAAAAAAAA", "twm;1;short"] {
            assert_eq!(key().verify_payload(bad.as_bytes()), None);
        }
        let long = format!("{payload};{}", "x".repeat(200));
        assert_eq!(key().verify_payload(long.as_bytes()), None);
    }
}
