//! The wire repeats one limit of the crates beneath the facade instead of
//! depending on them: the cells a `resize` may ask for. This keeps the copy
//! honest.

#[test]
fn the_resize_limit_is_the_screens_limit() {
    assert_eq!(rehearse_protocol::limits::MAX_RESIZE_CELLS, rehearse_core::MAX_SCREEN_CELLS);
}
