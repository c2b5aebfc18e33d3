//! What the integration tests share: one of every message, and a seeded PRNG.

#![allow(dead_code)]

use rehearse_protocol::{
    ErrorCode,
    id::{Deadline, RequestId},
    limits::Limits,
    message::{
        Act, Acted, Artifact, Bytes, Cancel, CancelAck, Checkpoint, Checkpointed, ErrorReply,
        Extra, Generation, Hello, HelloAck, Idle, ModelState, OkReply, PtyStart, PtyStarted,
        PtyStopped, Reply, ReplyBody, Request, RequestBody, Resize, Resized, Snapshot,
        SnapshotData, WaitFor, Waited,
    },
    negotiation::Capability,
    vocabulary::{ServerRole, SnapshotFormat},
};

/// `text` as a request id.
pub fn id(text: &str) -> RequestId {
    RequestId::new(text).unwrap()
}

/// One request of every type (and every snapshot format).
pub fn every_request() -> Vec<Request> {
    let mut bodies = vec![
        RequestBody::Hello(Hello::default()),
        RequestBody::Hello(Hello {
            capabilities: vec![
                Capability::new("snapshot-png").unwrap(),
                Capability::new("x-new").unwrap(),
            ],
        }),
        RequestBody::Ping,
        RequestBody::Act(Act { script: "click:#save; type:héllo \"quoted\"\nkey:Enter".into() }),
        RequestBody::WaitFor(WaitFor {
            condition: "text=Connected,#status".into(),
            timeout_ms: 2500,
        }),
        RequestBody::Idle(Idle::default()),
        RequestBody::Idle(Idle { quiet_ms: Some(120) }),
        RequestBody::State,
        RequestBody::Resize(Resize { cols: 120, rows: 40 }),
        RequestBody::Checkpoint(Checkpoint { name: "editor".into() }),
        RequestBody::Cancel(Cancel { target: id("w-1") }),
        RequestBody::Close,
        RequestBody::PtyStop,
        RequestBody::PtyStart(PtyStart::default()),
        RequestBody::PtyStart(PtyStart { timeout_ms: Some(3000) }),
    ];
    bodies.extend(SnapshotFormat::ALL.map(|format| RequestBody::Snapshot(Snapshot { format })));
    bodies
        .into_iter()
        .enumerate()
        .map(|(n, body)| {
            Request::new(id(&format!("req_{n}")), Deadline::from_millis(5000).unwrap(), body)
        })
        .collect()
}

/// One reply of every op, and an error reply with every optional field.
pub fn every_reply() -> Vec<Reply> {
    let g = |generation| Generation { generation, extra: Extra::new() };
    let oks = vec![
        OkReply::Hello(HelloAck {
            capabilities: vec![Capability::new("snapshot-png").unwrap()],
            role: ServerRole::App,
            limits: Limits::default().to_wire(),
            extra: Extra::new(),
        }),
        OkReply::Ping(g(3)),
        OkReply::Act(Acted { generation: 4, steps: 3, extra: Extra::new() }),
        OkReply::Snapshot(SnapshotData {
            generation: 4,
            format: SnapshotFormat::Png,
            data: Bytes((0..=255).collect()),
            extra: Extra::new(),
        }),
        OkReply::WaitFor(Waited { generation: 5, elapsed_ms: 17, extra: Extra::new() }),
        OkReply::Idle(Waited { generation: 5, elapsed_ms: 120, extra: Extra::new() }),
        OkReply::State(ModelState {
            generation: 5,
            state: serde_json::json!({"mode": "edit", "rows": [1, 2]}),
            extra: Extra::new(),
        }),
        OkReply::Resize(Resized { generation: 6, cols: 80, rows: 24, extra: Extra::new() }),
        OkReply::Checkpoint(Checkpointed {
            generation: 6,
            name: "editor".into(),
            artifacts: vec![Artifact {
                file: "editor.md".into(),
                format: SnapshotFormat::Markdown,
                data: Bytes(b"# editor\n".to_vec()),
                extra: Extra::new(),
            }],
            extra: Extra::new(),
        }),
        OkReply::Cancel(CancelAck { cancelled: id("w-1"), extra: Extra::new() }),
        OkReply::Close(g(7)),
        OkReply::PtyStop(PtyStopped { generation: 8, was_running: true, extra: Extra::new() }),
        OkReply::PtyStart(PtyStarted {
            generation: 10,
            cols: 100,
            rows: 30,
            pid: 4242,
            extra: Extra::new(),
        }),
    ];
    let mut replies: Vec<Reply> = oks
        .into_iter()
        .enumerate()
        .map(|(n, ok)| Reply { id: Some(id(&format!("req_{n}"))), body: ReplyBody::Ok(ok) })
        .collect();
    for code in ErrorCode::ALL {
        replies.push(Reply {
            id: Some(id("e")),
            body: ReplyBody::Error(ErrorReply {
                code,
                message: format!("{code} happened"),
                limit: Some("deadlineMs".into()),
                step: Some(2),
                generation: Some(9),
                trace: None,
                extra: Extra::new(),
            }),
        });
    }
    replies.push(Reply {
        id: None,
        body: ReplyBody::Error(ErrorReply {
            code: ErrorCode::InvalidRequestId,
            message: "no id".into(),
            limit: None,
            step: None,
            generation: None,
            trace: None,
            extra: Extra::new(),
        }),
    });
    replies
}

/// A small seeded PRNG (xorshift64*): the same seed gives the same bytes.
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed` (any value; zero is replaced).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// `len` random bytes.
    pub fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next() as u8).collect()
    }
}
