//! The picker — a plain ratatui app whose loop returns what was picked,
//! adopted with `rehearse::adopt::run` — driven through the harness (the
//! returned value read back) and as the real binary in a PTY (which prints
//! it once its terminal is restored).

use rehearse::adopt::{Harness, HarnessOptions};
use rehearse::control::spawn_app_in_pty;
use rehearse::prelude::*;
use rehearse::pty::PtySessionOptions;
use rehearse_examples::picker::{self, ids};

fn harness() -> Harness {
    let options = HarnessOptions::default().viewport(40, 12).declared(ids::DECLARED);
    // The loop itself, as `main` runs it: its value is the harness's to take.
    Harness::start_main(options, || rehearse::adopt::run(ids::DECLARED, picker::pick))
        .expect("the picker starts")
}

#[test]
fn typing_narrows_the_list_and_enter_returns_the_pick() {
    let mut harness = harness();
    harness
        .run(scenario! { ids = picker::ids;
            wait-for:count=6,@list-item,0;
            type:"c";
            wait-for:count=3,@list-item,0;
            wait-for:value="c",#filter,0;
            wait-for:selected,@list-item="Chocolate",0;
            key:down;
            key:down;
            wait-for:selected,@list-item="Stracciatella",0;
            key:enter;
        })
        .unwrap_or_else(|error| panic!("{error}\n{}", harness.tree().to_markdown()));
    assert_eq!(harness.take_returned::<Option<&str>>(), Some(Some("Stracciatella")));
}

#[test]
fn esc_returns_nothing_picked() {
    let mut harness = harness();
    harness.run(scenario! { ids = picker::ids; key:esc; }).expect("esc ends the loop");
    assert_eq!(harness.take_returned::<Option<&str>>(), Some(None));
}

#[test]
fn the_real_binary_prints_the_pick_after_restoring_its_terminal() {
    let options =
        PtySessionOptions::new(env!("CARGO_BIN_EXE_picker")).size(50, 12).quiet_window(None);
    let mut picker = spawn_app_in_pty(options).expect("the binary starts in a PTY");
    picker
        .run(scenario! { ids = picker::ids;
            wait-for:count=6,@list-item,5000;
            type:"pist";
            wait-for:count=1,@list-item,5000;
            key:enter;
            wait-for:exit-code=0,process,5000;
            wait-for:contains="One scoop of Pistachio, please.",screen,5000;
        })
        .unwrap_or_else(|error| panic!("{error}\n{}", picker.pty().screen_text()));
}

#[test]
fn style_and_cursor_predicates_read_the_adopted_frame() {
    let mut harness = harness();
    // The field is bold and holds the cursor after what was typed; the
    // selected flavour is drawn reversed.
    harness
        .run(scenario! { ids = picker::ids;
            wait-for:count=6,@list-item,0;
            wait-for:visible,cursor,0;
            wait-for:at=1x1,cursor,0;
            wait-for:reverse,@list-item="Vanilla",0;
            wait-for:reverse=false,@list-item="Chocolate",0;
            wait-for:fg=default,text~"Vanilla",0;
            type:"c";
            wait-for:at=2x1,cursor,0;
            wait-for:bold,#filter,0;
            wait-for:reverse,text~"Chocolate",0;
            when(hidden,cursor)key:esc;
            key:down;
            wait-for:reverse,@list-item="Pistachio",0;
            wait-for:reverse=false,@list-item="Chocolate",0;
        })
        .unwrap_or_else(|error| panic!("{error}\n{}", harness.tree().to_markdown()));
    // What the cells had, when a style does not hold; where the cursor was.
    let error = harness
        .run(scenario! { ids = picker::ids; wait-for:fg=red,@list-item="Stracciatella",0; })
        .unwrap_err();
    let message = error.to_string();
    assert!(message.contains(": fg was default at 1,6 (13 of 13 cells)"), "{message}");
    let error = harness.run(scenario! { wait-for:at=0x0,cursor,0; }).unwrap_err();
    let message = error.to_string();
    assert!(message.contains("(the cursor was at 2x1, shown)"), "{message}");
}
