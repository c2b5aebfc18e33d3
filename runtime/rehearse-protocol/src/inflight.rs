//! The table of requests in flight on one connection: ids are unique in it,
//! it is bounded, and `cancel` finds its target in it.

use std::collections::HashMap;

use crate::error::{ErrorCode, WireError};
use crate::id::RequestId;
use crate::limits::Limits;

struct Entry<T> {
    handle: T,
    cancelled: bool,
}

/// The requests in flight on one connection, each with a handle `T` of the
/// server's choosing (a cancellation token, say). An id stays taken until its
/// request [`finish`](InFlight::finish)es, also after a cancel, so a reply is
/// never ambiguous about which request it answers.
pub struct InFlight<T> {
    entries: HashMap<RequestId, Entry<T>>,
    max: usize,
}

impl<T> InFlight<T> {
    /// An empty table bounded by `limits.max_in_flight()`.
    pub fn new(limits: &Limits) -> InFlight<T> {
        InFlight { entries: HashMap::new(), max: limits.max_in_flight() as usize }
    }

    /// Registers the request `id` with its `handle`: `duplicate-request-id`
    /// when `id` is in flight, `too-many-requests` when the table is full.
    pub fn begin(&mut self, id: RequestId, handle: T) -> Result<(), WireError> {
        if self.entries.contains_key(&id) {
            return Err(WireError::new(
                ErrorCode::DuplicateRequestId,
                format!("request id {id} is already in flight"),
            )
            .for_request(id));
        }
        if self.entries.len() >= self.max {
            return Err(WireError::new(
                ErrorCode::TooManyRequests,
                format!("{} requests are in flight, the most a connection may have", self.max),
            )
            .with_limit("maxInFlight")
            .for_request(id));
        }
        self.entries.insert(id, Entry { handle, cancelled: false });
        Ok(())
    }

    /// Marks `target` cancelled and returns its handle so the server can stop
    /// it; `unknown-request` when `target` is not in flight. Cancelling twice
    /// is not an error.
    pub fn cancel(&mut self, target: &RequestId) -> Result<&T, WireError> {
        match self.entries.get_mut(target) {
            Some(entry) => {
                entry.cancelled = true;
                Ok(&entry.handle)
            }
            None => Err(WireError::new(
                ErrorCode::UnknownRequest,
                format!("no request {target} is in flight to cancel"),
            )),
        }
    }

    /// Whether `id` is in flight and was cancelled.
    pub fn is_cancelled(&self, id: &RequestId) -> bool {
        self.entries.get(id).is_some_and(|entry| entry.cancelled)
    }

    /// Whether `id` is in flight.
    pub fn contains(&self, id: &RequestId) -> bool {
        self.entries.contains_key(id)
    }

    /// Removes `id` once its reply is sent, returning its handle; its id is
    /// free again.
    pub fn finish(&mut self, id: &RequestId) -> Option<T> {
        self.entries.remove(id).map(|entry| entry.handle)
    }

    /// How many requests are in flight.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no request is in flight.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(text: &str) -> RequestId {
        RequestId::new(text).unwrap()
    }

    #[test]
    fn a_duplicate_id_in_flight_is_refused_until_it_finishes() {
        let mut table = InFlight::new(&Limits::default());
        table.begin(id("a"), 1).unwrap();
        let error = table.begin(id("a"), 2).unwrap_err();
        assert_eq!(error.code, ErrorCode::DuplicateRequestId);
        assert_eq!(error.request_id, Some(id("a")));
        assert_eq!(table.finish(&id("a")), Some(1));
        table.begin(id("a"), 3).unwrap();
    }

    #[test]
    fn cancel_finds_its_target_and_keeps_the_id_taken() {
        let mut table = InFlight::new(&Limits::default());
        table.begin(id("w"), "token").unwrap();
        assert_eq!(*table.cancel(&id("w")).unwrap(), "token");
        assert!(table.is_cancelled(&id("w")));
        assert!(table.cancel(&id("w")).is_ok(), "cancelling twice is fine");
        assert_eq!(table.begin(id("w"), "again").unwrap_err().code, ErrorCode::DuplicateRequestId);
        table.finish(&id("w"));
        assert!(!table.is_cancelled(&id("w")));
    }

    #[test]
    fn cancelling_an_unknown_id_is_unknown_request() {
        let mut table = InFlight::<()>::new(&Limits::default());
        assert_eq!(table.cancel(&id("nope")).unwrap_err().code, ErrorCode::UnknownRequest);
    }

    #[test]
    fn the_table_is_bounded() {
        let limits = Limits::builder().max_in_flight(2).unwrap().build();
        let mut table = InFlight::new(&limits);
        table.begin(id("a"), ()).unwrap();
        table.begin(id("b"), ()).unwrap();
        let error = table.begin(id("c"), ()).unwrap_err();
        assert_eq!(error.code, ErrorCode::TooManyRequests);
        assert_eq!(error.limit.as_deref(), Some("maxInFlight"));
        assert_eq!(table.len(), 2);
        table.finish(&id("a"));
        table.begin(id("c"), ()).unwrap();
    }
}
