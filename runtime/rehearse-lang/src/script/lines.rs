//! Lines and columns of a script's text: where a byte offset is, for
//! errors, in the text itself or in another file a `use:` brought in.

/// The 1-based line and column (in characters) of byte `offset` of `text`,
/// whose lines start at `line_starts`.
pub(super) fn line_column(text: &str, line_starts: &[usize], offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let line = line_starts.partition_point(|&start| start <= offset).max(1);
    let start = line_starts[line - 1];
    let column = text.get(start..offset).map_or(offset - start, |s| s.chars().count());
    (line, column + 1)
}

/// A text a script reader has read (the script's own or a file a `use:`
/// brought in), kept so that a place in it can be named from another file.
#[derive(Debug)]
pub(crate) struct Lines {
    pub(super) file: Option<String>,
    text: String,
    line_starts: Vec<usize>,
}

impl Lines {
    pub(super) fn new(text: &str, file: Option<&str>) -> Self {
        let line_starts =
            std::iter::once(0).chain(text.match_indices('\n').map(|(at, _)| at + 1)).collect();
        Self { file: file.map(str::to_owned), text: text.to_owned(), line_starts }
    }

    pub(super) fn line_column(&self, offset: usize) -> (usize, usize) {
        line_column(&self.text, &self.line_starts, offset)
    }
}
