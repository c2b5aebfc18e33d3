//! Checkpoint names: they become file names, so they are held to rules that
//! keep them inside their artifact directory.

use std::fmt;

/// The longest checkpoint name, in bytes.
pub const MAX_CHECKPOINT_NAME_BYTES: usize = 64;

/// Why a string is not a valid checkpoint name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckpointNameError {
    /// The name is empty.
    Empty,
    /// The name is longer than [`MAX_CHECKPOINT_NAME_BYTES`].
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// The name starts with a dot (hidden files, `.` and `..`).
    LeadingDot,
    /// The name holds a character outside `[A-Za-z0-9._-]` (a path separator, say).
    InvalidCharacter {
        /// Byte offset of the character.
        position: usize,
        /// The character.
        character: char,
    },
    /// The name, or its part before the first `.`, is a device name Windows
    /// reserves in any case (`CON`, `PRN`, `AUX`, `NUL`, `COM0`–`COM9`,
    /// `LPT0`–`LPT9`): no file can have it there.
    Reserved {
        /// Length in bytes of the reserved part.
        len: usize,
    },
}

/// The device names Windows reserves as file names, in any case and before
/// any extension.
pub const RESERVED_FILE_NAMES: [&str; 24] = [
    "CON", "PRN", "AUX", "NUL", "COM0", "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7",
    "COM8", "COM9", "LPT0", "LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9",
];

impl fmt::Display for CheckpointNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => f.write_str("checkpoint name is empty"),
            Self::TooLong { len } => write!(
                f,
                "checkpoint name is {len} bytes long; the limit is {MAX_CHECKPOINT_NAME_BYTES}"
            ),
            Self::LeadingDot => {
                f.write_str("checkpoint name starts with `.`; start with a letter or digit")
            }
            Self::InvalidCharacter { position, character } => write!(
                f,
                "checkpoint name has {character:?} at byte {position}; only letters, digits and `._-` are allowed (no path separators)"
            ),
            Self::Reserved { .. } => f.write_str(
                "checkpoint name is a device name Windows reserves (CON, PRN, AUX, NUL, COM0 to COM9, LPT0 to LPT9, in any case, also before a `.`); no file can be named after it there, so choose another name",
            ),
        }
    }
}

impl std::error::Error for CheckpointNameError {}

/// Checks a checkpoint name: 1 to 64 bytes of `[A-Za-z0-9._-]`, not
/// starting with `.`, so it can never name a path outside its directory,
/// and not a device name Windows reserves ([`RESERVED_FILE_NAMES`], in any
/// case, alone or before a `.`: `con`, `Nul.final`, `LPT1`).
///
/// ```
/// use rehearse_lang::{validate_checkpoint_name, CheckpointNameError};
/// assert!(validate_checkpoint_name("after-save.v2").is_ok());
/// assert_eq!(validate_checkpoint_name(".."), Err(CheckpointNameError::LeadingDot));
/// assert!(matches!(validate_checkpoint_name("a/b"), Err(CheckpointNameError::InvalidCharacter { position: 1, .. })));
/// assert_eq!(validate_checkpoint_name("com1.v2"), Err(CheckpointNameError::Reserved { len: 4 }));
/// assert!(validate_checkpoint_name("console").is_ok());
/// ```
pub fn validate_checkpoint_name(name: &str) -> Result<(), CheckpointNameError> {
    if name.is_empty() {
        return Err(CheckpointNameError::Empty);
    }
    if let Some((position, character)) = name
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')))
    {
        return Err(CheckpointNameError::InvalidCharacter { position, character });
    }
    if name.starts_with('.') {
        return Err(CheckpointNameError::LeadingDot);
    }
    if name.len() > MAX_CHECKPOINT_NAME_BYTES {
        return Err(CheckpointNameError::TooLong { len: name.len() });
    }
    let stem = name.split('.').next().unwrap_or(name);
    if RESERVED_FILE_NAMES.iter().any(|reserved| reserved.eq_ignore_ascii_case(stem)) {
        return Err(CheckpointNameError::Reserved { len: stem.len() });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn traversal_and_separators_are_rejected() {
        for bad in ["../x", "a/b", "a\\b", "/abs", "x\0y", "sp ace"] {
            assert!(
                matches!(
                    validate_checkpoint_name(bad),
                    Err(CheckpointNameError::InvalidCharacter { .. })
                ),
                "{bad:?}"
            );
        }
        assert_eq!(validate_checkpoint_name("."), Err(CheckpointNameError::LeadingDot));
        assert_eq!(validate_checkpoint_name(".hidden"), Err(CheckpointNameError::LeadingDot));
        assert_eq!(validate_checkpoint_name(""), Err(CheckpointNameError::Empty));
        assert_eq!(
            validate_checkpoint_name(&"a".repeat(65)),
            Err(CheckpointNameError::TooLong { len: 65 })
        );
        assert!(validate_checkpoint_name(&"a".repeat(64)).is_ok());
        assert!(validate_checkpoint_name("editor_1.final-v2").is_ok());
    }

    #[test]
    fn windows_device_names_are_rejected_in_any_case_and_before_a_dot() {
        for bad in
            ["CON", "con", "nul", "Nul.final", "com1", "COM9", "lpt1", "LPT0.x.y", "aux", "prn"]
        {
            let stem = bad.split('.').next().unwrap().len();
            assert_eq!(
                validate_checkpoint_name(bad),
                Err(CheckpointNameError::Reserved { len: stem }),
                "{bad}"
            );
        }
        for fine in ["console", "com10", "com", "lpt", "a.con", "nul-1", "auxiliary", "con_"] {
            assert!(validate_checkpoint_name(fine).is_ok(), "{fine}");
        }
    }
}
