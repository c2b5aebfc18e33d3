//! `trace.html`: one self-contained page — styles, script and the trace
//! document embedded — that opens from `file://` and loads nothing (its
//! content security policy allows no fetch, image, font or frame).

use crate::trace::model::TraceDocument;

const STYLE: &str = include_str!("viewer.css");
const SCRIPT: &str = include_str!("viewer.js");

/// The viewer page for `document`.
pub fn render(document: &TraceDocument) -> String {
    render_json(&document.title, &document.to_json())
}

/// The viewer page for a trace document already serialized as `json`.
pub fn render_json(title: &str, json: &str) -> String {
    // Every `<` inside the embedded JSON is escaped, so no `</script>`
    // (nor `<!--`) in a name or a screen can end the element.
    let data = json.replace('<', "\\u003c");
    let title = escape(title);
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<title>trace: {title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<div id=\"app\"></div>\n\
<script type=\"application/json\" id=\"trace-data\">{data}</script>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n"
    )
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
    }
}
