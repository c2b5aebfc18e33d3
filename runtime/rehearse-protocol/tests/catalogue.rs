//! `docs/protocol.md` is normative, so its examples are tested: every request
//! reads strictly and writes back the same JSON, every reply reads tolerantly
//! and writes back the same JSON, every rejected example fails with its code,
//! and the page covers every request type and every error code.

use std::collections::BTreeSet;

use rehearse_protocol::{
    ErrorCode,
    message::{ReplyBody, parse_reply, parse_request},
    vocabulary::Op,
};
use serde_json::Value;

fn page() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol.md");
    std::fs::read_to_string(path).expect("docs/protocol.md exists")
}

/// The fenced blocks whose info string starts with `json `: (info, body).
fn examples(text: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if let Some(info) = line.strip_prefix("```json ") {
            let body: Vec<&str> = lines.by_ref().take_while(|l| !l.starts_with("```")).collect();
            found.push((info.trim().to_owned(), body.join("\n")));
        }
    }
    found
}

#[test]
fn every_example_reads_as_it_says() {
    let text = page();
    let examples = examples(&text);
    assert!(examples.len() >= 25, "the catalogue has its examples");
    let (mut requests, mut oks) = (BTreeSet::new(), BTreeSet::new());
    for (info, body) in &examples {
        let json: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{body}: {e}"));
        let mut words = info.split_whitespace();
        match (words.next(), words.next()) {
            (Some("request"), None) => {
                let request = parse_request(body).unwrap_or_else(|e| panic!("{body}: {e}"));
                assert_eq!(request.to_value(), json, "written back the same");
                requests.insert(request.body.op());
            }
            (Some("reply"), None) => {
                let reply = parse_reply(body).unwrap_or_else(|e| panic!("{body}: {e}"));
                assert_eq!(reply.to_value().unwrap(), json, "written back the same");
                if let ReplyBody::Ok(ok) = &reply.body {
                    oks.insert(ok.op());
                }
            }
            (Some("rejected"), Some(code)) => {
                let error = parse_request(body).expect_err(body);
                assert_eq!(error.code.as_str(), code, "{body}: {error}");
            }
            other => panic!("an example of unknown kind {other:?}"),
        }
    }
    let all: BTreeSet<Op> = Op::ALL.into_iter().collect();
    assert_eq!(requests, all, "a request example of every type");
    assert_eq!(oks, all, "an ok reply example of every type");
}

#[test]
fn the_error_table_lists_every_code() {
    let text = page();
    for code in ErrorCode::ALL {
        assert!(text.contains(&format!("| `{code}` |")), "docs/protocol.md lists `{code}`");
    }
}
