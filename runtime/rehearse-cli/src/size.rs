//! `COLSxROWS`, as `--size` spells a terminal's size.

use rehearse_core::check_screen_size;

/// The size every verb starts a terminal or a viewport at when `--size`
/// is not given: the one default of the whole toolkit, 100x30
/// ([`DEFAULT_VIEWPORT`](rehearse_core::DEFAULT_VIEWPORT), the terminal
/// plane's [`DEFAULT_SIZE`](rehearse_pty::session::DEFAULT_SIZE), MCP's
/// `open`), as Glyphrun and termwright default to.
pub const DEFAULT_SIZE: &str = "100x30";

/// [`DEFAULT_SIZE`] as `(cols, rows)`.
pub const DEFAULT_COLS_ROWS: (u16, u16) =
    (rehearse_core::DEFAULT_VIEWPORT.width, rehearse_core::DEFAULT_VIEWPORT.height);

/// Parses `COLSxROWS` for clap: both at least 1, and at most
/// [`MAX_SCREEN_CELLS`](rehearse_core::MAX_SCREEN_CELLS) cells in all — the
/// limit every viewport and terminal has — so a size no screen may have is
/// refused as an argument (exit 4) before any program starts.
pub fn parse_size(text: &str) -> Result<(u16, u16), String> {
    let invalid = || format!("{text:?} is not COLSxROWS with both at least 1 (for example 120x40)");
    let (cols, rows) = text.split_once(['x', 'X']).ok_or_else(invalid)?;
    let cols: u16 = cols.trim().parse().map_err(|_| invalid())?;
    let rows: u16 = rows.trim().parse().map_err(|_| invalid())?;
    if cols == 0 || rows == 0 {
        return Err(invalid());
    }
    check_screen_size(cols, rows)
        .map_err(|too_large| format!("the size is too large: {too_large}"))?;
    Ok((cols, rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_size_is_the_toolkits_one_default() {
        assert_eq!(parse_size(DEFAULT_SIZE), Ok(DEFAULT_COLS_ROWS));
        assert_eq!(DEFAULT_COLS_ROWS, rehearse_pty::session::DEFAULT_SIZE);
        assert_eq!(DEFAULT_COLS_ROWS, rehearse_mcp::DEFAULT_SIZE);
        assert_eq!(DEFAULT_COLS_ROWS, (100, 30));
    }

    #[test]
    fn sizes_parse_and_bad_ones_say_what_is_valid() {
        assert_eq!(parse_size("120x40"), Ok((120, 40)));
        assert_eq!(parse_size("80X24"), Ok((80, 24)));
        for bad in ["", "80", "0x10", "ax2", "80x24x1", "-1x2", "65536x1"] {
            assert!(parse_size(bad).unwrap_err().contains("COLSxROWS"), "{bad}");
        }
    }

    #[test]
    fn a_size_over_the_cell_limit_is_refused_naming_the_limit() {
        // The limit is on the product: a long side alone is fine.
        assert_eq!(parse_size("1024x1024"), Ok((1024, 1024)));
        assert_eq!(parse_size("65535x16"), Ok((65535, 16)));
        for (big, cells) in [("65535x65535", "4294836225"), ("1025x1024", "1049600")] {
            let error = parse_size(big).unwrap_err();
            assert!(
                error.starts_with("the size is too large:")
                    && error.contains(cells)
                    && error.contains("MAX_SCREEN_CELLS"),
                "{error}"
            );
        }
    }
}
