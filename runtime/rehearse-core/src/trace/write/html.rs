//! `trace.html`: one self-contained page — styles, script and the trace
//! document embedded — that opens from `file://` and loads nothing (its
//! content security policy allows no fetch, image, font or frame).
//!
//! The document is embedded gzipped and base64-encoded (`#trace-data`,
//! `type="application/gzip+base64"`): the page inflates it with the
//! browser's `DecompressionStream`, so a thousand-step trace's page is a
//! tenth of its `trace.json` rather than a second copy of it.

use std::io::{Read as _, Write as _};

use base64::Engine as _;
use flate2::Compression;
use flate2::write::GzEncoder;

use crate::trace::model::TraceDocument;

const STYLE: &str = include_str!("viewer.css");
const SCRIPT: &str = include_str!("viewer.js");

/// The viewer page for `document`.
pub fn render(document: &TraceDocument) -> String {
    render_json(&document.title, &document.to_json())
}

/// The viewer page for a trace document already serialized as `json`.
pub fn render_json(title: &str, json: &str) -> String {
    // Base64 holds no `<`, so nothing in a name or a screen can end the
    // element.
    let data = base64::engine::general_purpose::STANDARD.encode(gzip(json.as_bytes()));
    let title = escape(title);
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<title>trace: {title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<div id=\"app\"></div>\n\
<script type=\"application/gzip+base64\" id=\"trace-data\">{data}</script>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n"
    )
}

/// The trace document a page made by [`render_json`] embeds, as the JSON
/// it was given (what `trace.json` beside it holds); `None` when `page`
/// holds no such element or its content does not decode.
pub fn embedded_json(page: &str) -> Option<String> {
    const OPEN: &str = "<script type=\"application/gzip+base64\" id=\"trace-data\">";
    let start = page.find(OPEN)? + OPEN.len();
    let end = start + page[start..].find("</script>")?;
    let gz = base64::engine::general_purpose::STANDARD.decode(page[start..end].trim()).ok()?;
    let mut json = String::new();
    flate2::read::GzDecoder::new(gz.as_slice()).read_to_string(&mut json).ok()?;
    Some(json)
}

/// `bytes` gzipped (no name, no time: the same input gives the same page).
fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = GzEncoder::new(Vec::with_capacity(bytes.len() / 8), Compression::default());
    encoder.write_all(bytes).expect("writing to memory cannot fail");
    encoder.finish().expect("writing to memory cannot fail")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_embeds_its_data_and_loads_nothing() {
        let mut document = TraceDocument::new("a </script> test", "engine");
        document.title = "x</script><script>alert(1)</script>".into();
        let page = render(&document);
        assert_eq!(page.matches("</script>").count(), 2, "only the two elements end: {page}");
        assert!(!page.contains("src=\""), "no external script or image");
        assert!(!page.contains("http://") && !page.contains("https://"));
        assert!(page.contains("default-src 'none'"));
        assert_eq!(embedded_json(&page), Some(document.to_json()));
        assert_eq!(embedded_json("<html></html>"), None);
        assert_eq!(render(&document), page, "the same document gives the same page");
    }
}
