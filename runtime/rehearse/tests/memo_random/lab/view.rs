//! The view of the lab app: memos nested three deep, bodies that draw less
//! than before, a body whose area moves, paint beneath and over a memo, lazy
//! lists, a text field, a modal, volatile memos, a scrolled pane, keyed memos
//! taking turns and a nested component (`Counter`).

use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use rehearse::prelude::*;
use rehearse::ui::WidgetEvent;
use rehearse::widgets::{Button, List, ListItem, Modal, Text, TextInput};

use super::{ButtonSpec, Entry, LabApp, MOVES, Msg, PAGES, TITLES};

impl LabApp {
    pub(super) fn content(&self, ui: &mut Ui<'_, Msg>) {
        let lab = &self.lab;
        let runs = &self.runs;
        let width = ui.area().width;
        ui.on_key(KeyPress::char('+'), || Msg::Inc);
        ui.on_key(KeyPress::from(KeyCode::F(2)), || Msg::Shrink);
        ui.on_key(KeyPress::from(KeyCode::F(4)), || Msg::Flip);

        // Row 0: a background painted beneath the header memo (before it),
        // and a label painted over part of it (after it).
        if lab.shade {
            ui.draw_with(Rect::new(0, 0, width, 2), |area, buf| {
                buf.set_style(area, Style::new().bg(Color::Blue));
            });
        }
        let title = TITLES[lab.title];
        ui.memo("header", Rect::new(0, 0, width, 1), &(title, lab.count), |ui| {
            runs.bump();
            let text = format!("{title} #{}", lab.count);
            ui.add(Rect::new(0, 0, width, 1), Text::new(text).automation_id("header"));
        });
        if lab.cover {
            ui.add(Rect::new(10, 0, 9, 1), Text::new("▓covered▓").automation_id("cover-text"));
        }

        // Row 1: memoized controls with nothing to depend on.
        ui.memo("controls", Rect::new(0, 1, width, 1), &(), |ui| {
            runs.bump();
            let buttons: [ButtonSpec; 6] = [
                ("Inc", "inc", || Msg::Inc, 7),
                ("Shrink", "shrink", || Msg::Shrink, 10),
                ("Grow", "grow", || Msg::Grow, 8),
                ("Move", "move", || Msg::Move, 8),
                ("Shade", "shade", || Msg::Shade, 9),
                ("Cover", "cover", || Msg::Cover, 9),
            ];
            let mut x = 0;
            for (label, id, message, w) in buttons {
                ui.add(
                    Rect::new(x, 1, w, 1),
                    Button::new(label).automation_id(id).on_click(message),
                );
                x += w;
            }
        });

        // Row 2: plain buttons (not memoized).
        let buttons: [ButtonSpec; 7] = [
            ("Open", "open", || Msg::Open, 8),
            ("Ins", "insert", || Msg::Insert, 7),
            ("Del", "remove", || Msg::Remove, 7),
            ("Rot", "rotate", || Msg::Rotate, 7),
            ("Rev", "reverse", || Msg::Reverse, 7),
            ("Timer", "timer", || Msg::Timer, 9),
            ("Pan", "pan", || Msg::Pan, 7),
        ];
        let mut x = 0;
        for (label, id, message, w) in buttons {
            ui.add(Rect::new(x, 2, w, 1), Button::new(label).automation_id(id).on_click(message));
            x += w;
        }

        // Rows 3-4: memos nested three deep.
        let outer_deps = (lab.count, title, lab.ticks);
        ui.memo("outer", Rect::new(0, 3, width, 2), &outer_deps, |ui| {
            runs.bump();
            let text = format!("outer {} {}", lab.count, "=".repeat(lab.count as usize % 7));
            ui.add(Rect::new(0, 3, width, 1), Text::new(text).automation_id("outer"));
            ui.memo("inner", Rect::new(0, 4, width, 1), &(title, lab.ticks), |ui| {
                runs.bump();
                ui.add(
                    Rect::new(0, 4, 24, 1),
                    Button::new(format!("Inner {title}"))
                        .automation_id("inner")
                        .on_click(|| Msg::Inc),
                );
                ui.memo(
                    "innermost",
                    Rect::new(25, 4, width.saturating_sub(25), 1),
                    &lab.ticks,
                    |ui| {
                        runs.bump();
                        let area = Rect::new(25, 4, width.saturating_sub(25), 1);
                        ui.add(
                            area,
                            Text::new(format!("ticks {}", lab.ticks)).automation_id("ticks"),
                        );
                    },
                );
            });
        });
        if lab.dup {
            // An id the inner memo holds too: a duplicate, in either session.
            ui.add(Rect::new(40, 3, 8, 1), Text::new("dup").automation_id("inner"));
        }

        // Row 5: a memo that draws fewer nodes as `count` wraps, unnamed
        // ones among them.
        let badges = lab.count % 6;
        let badge_deps = if self.shape.dishonest { 0 } else { badges };
        ui.memo("badges", Rect::new(0, 5, width, 1), &badge_deps, |ui| {
            runs.bump();
            for i in 0..badges {
                let area = Rect::new(i as u16 * 5, 5, 5, 1);
                if i % 2 == 0 {
                    ui.add(area, Text::new(format!("[{i}]")).automation_id(format!("badge-{i}")));
                } else {
                    ui.add(area, Text::new(format!("<{i}>")));
                }
            }
        });

        // Rows 6-8: a text field inside a memo (its caret is carried over),
        // and beside it a memo that reads the clock (volatile).
        ui.memo("note", Rect::new(0, 6, 30, 3), &lab.note, |ui| {
            runs.bump();
            ui.add(
                Rect::new(0, 6, 30, 3),
                TextInput::new(lab.note.as_str())
                    .label("Note")
                    .automation_id("note")
                    .on_change(Msg::Note)
                    .on_submit(|_| Msg::AddNote),
            );
        });
        ui.memo("clock", Rect::new(31, 6, width.saturating_sub(31), 1), &(), |ui| {
            runs.bump();
            let now = ui.now().since_start().as_millis();
            let area = Rect::new(31, 6, width.saturating_sub(31), 1);
            ui.add(area, Text::new(format!("t={now}")).automation_id("clock"));
        });
        ui.add(
            Rect::new(31, 7, width.saturating_sub(31), 1),
            Text::new(format!("timers {}", lab.timers)).automation_id("timers"),
        );

        // Rows 9-11: a memo that moves, over a line drawn before it and
        // under a label drawn after it.
        ui.add(
            Rect::new(0, 10, width, 1),
            Text::new("~".repeat(usize::from(width))).automation_id("under"),
        );
        let (left, down) = MOVES[lab.mover];
        let area = Rect::new(left, 9 + down, 14, 1);
        ui.memo("mover", area, &(), |ui| {
            runs.bump();
            ui.add(area, Button::new("Mover").automation_id("mover").on_click(|| Msg::Move));
        });
        ui.add(Rect::new(22, 11, 8, 1), Text::new("over").automation_id("over"));
        let flip = Rect::new(36, 9, 8, 1);
        ui.add(flip, Button::new("Flip").automation_id("flip").on_click(|| Msg::Flip));
        let pick = Rect::new(44, 9, 8, 1);
        ui.add(pick, Button::new("Pick").automation_id("pick").on_click(|| Msg::Pick));

        // Rows 12-17: a lazy list by index and a list of lazy items.
        let half = width / 2;
        let rows = &lab.rows;
        List::new()
            .automation_id("rows")
            .selected(lab.selected)
            .on_select(Msg::Select)
            .on_activate(Msg::Activate)
            .show_lazy(
                ui,
                Rect::new(0, 12, half, 6),
                rows.len(),
                |at| (ReconcileKey::from(rows[at].key), (rows[at].title.as_str(), rows[at].done)),
                |at| {
                    runs.bump();
                    let Entry { key, ref title, done } = rows[at];
                    ListItem::custom(move |ui: &mut Ui<'_, Msg>, row: Rect| {
                        // A memo inside a lazy row, inside its group.
                        let mark_area = Rect { width: 5, ..row };
                        ui.memo("mark", mark_area, &(key, done, title), |ui| {
                            runs.bump();
                            let mark = if done { "[x]" } else { "[ ]" };
                            let button = ui.add(
                                mark_area,
                                Button::new(mark)
                                    .name(format!("toggle {title}"))
                                    .automation_id(format!("toggle-{key}"))
                                    .on_click(move || Msg::Toggle(key)),
                            );
                            if let Some(node) = button.node() {
                                ui.drag_payload(node, key.to_string());
                            }
                        });
                        let label =
                            Rect { x: row.x + 6, width: row.width.saturating_sub(6), ..row };
                        ui.draw(label, ratatui::text::Line::from(title.as_str()));
                    })
                    .label(title.as_str())
                    .automation_id(format!("row-{key}"))
                },
            );
        let shelf = lab
            .shelf
            .iter()
            .map(|entry| {
                ListItem::lazy(entry.key, entry, move || {
                    runs.bump();
                    let text = if entry.done {
                        format!("✓ {}", entry.title)
                    } else {
                        entry.title.clone()
                    };
                    let item = ListItem::new(text);
                    // Half the items have ids; the others are keyed only.
                    if entry.key % 2 == 0 {
                        item.automation_id(format!("shelf-{}", entry.key))
                    } else {
                        item
                    }
                })
            })
            .collect();
        // The shelf list inside a memo: wheel scrolling changes only the
        // list's own state, which must render the memo again.
        let shelf_area = Rect::new(half + 1, 12, width.saturating_sub(half + 1), 6);
        ui.memo("shelf-memo", shelf_area, &(&lab.shelf, lab.shelf_selected), |ui| {
            runs.bump();
            List::new()
                .automation_id("shelf")
                .selected(lab.shelf_selected)
                .on_select(Msg::ShelfSelect)
                .on_activate(Msg::ShelfActivate)
                .show(ui, shelf_area, shelf);
        });

        // Rows 18-20: memos in a scrolled coordinate space.
        ui.scrolled(Rect::new(0, 18, width, 3), lab.pan, 8, |ui, content| {
            let deep = Rect::new(content.x, content.y + 2, 20, 1);
            ui.memo("deep", deep, &(), |ui| {
                runs.bump();
                ui.add(deep, Button::new("Deep").automation_id("deep").on_click(|| Msg::Inc));
            });
            let deeper = Rect::new(content.x, content.y + 4, 20, 1);
            ui.memo("deeper", deeper, &lab.count, |ui| {
                runs.bump();
                ui.add(deeper, Text::new(format!("deeper {}", lab.count)).automation_id("deeper"));
            });
        });

        // Row 21: a status line and a button for the duplicate id.
        let status = format!("{} rows · {} shelf", lab.rows.len(), lab.shelf.len());
        ui.add(Rect::new(0, 21, 30, 1), Text::new(status).automation_id("status"));
        ui.add(
            Rect::new(31, 21, 7, 1),
            Button::new("Dup").automation_id("dup").on_click(|| Msg::Dup),
        );
        // A nested component inside a memo (volatile: renders every time).
        let counter_area = Rect::new(39, 21, width.saturating_sub(39), 1);
        ui.memo("nested", counter_area, &(), |ui| {
            runs.bump();
            ui.nest("counter", counter_area, Counter::default);
        });

        // Row 22: a field outside any memo, and a memo that reads its focus
        // (touching a node outside itself: volatile).
        let search = ui
            .add(
                Rect::new(0, 22, 30, 1),
                TextInput::new(lab.search.as_str()).automation_id("search").on_change(Msg::Search),
            )
            .node();
        let state_area = Rect::new(31, 22, width.saturating_sub(31), 1);
        ui.memo("search-state", state_area, &(), |ui| {
            runs.bump();
            let focused = search.is_some_and(|node| ui.is_focused(node));
            let text = if focused { "searching" } else { "idle" };
            ui.add(state_area, Text::new(text).automation_id("search-state"));
        });

        // Row 23: a pager (one keyed memo per page, all in the same place),
        // which rows can be dropped on, and a memo that binds a key
        // (volatile).
        let pager = ui.add(
            Rect::new(0, 23, 8, 1),
            Button::new("Page").automation_id("page").on_click(|| Msg::Page),
        );
        if let Some(node) = pager.node() {
            ui.on_event(node, |event, cx| match event {
                WidgetEvent::Drop { payload } => {
                    cx.emit(Msg::Drop(payload.clone()));
                    true
                }
                _ => false,
            });
        }
        let page_area = Rect::new(9, 23, 20, 1);
        ui.keyed(lab.page, |ui| {
            ui.memo("page", page_area, &lab.page, |ui| {
                runs.bump();
                ui.add(page_area, Text::new(PAGES[lab.page]).automation_id("page-text"));
            });
        });
        let hotkey_area = Rect::new(30, 23, width.saturating_sub(30), 1);
        ui.memo("hotkey", hotkey_area, &(), |ui| {
            runs.bump();
            ui.add(hotkey_area, Text::new("F3 pans").automation_id("hotkey"));
            ui.on_key(KeyPress::from(KeyCode::F(3)), || Msg::Pan);
        });

        // A modal with a memo inside (overlays never carry over).
        if lab.modal {
            Modal::new(format!("Dialog {}", lab.count))
                .automation_id("dialog")
                .size(30, 7)
                .on_dismiss(|| Msg::Close)
                .show(ui, |ui, inner| {
                    ui.memo("dialog-body", inner, &lab.count, |ui| {
                        runs.bump();
                        let line = Rect { height: 1, ..inner };
                        ui.add(line, Text::new(format!("count {}", lab.count)));
                        let buttons = Rect { y: inner.y + 2, height: 1, width: 12, ..inner };
                        ui.add(
                            buttons,
                            Button::new("More").automation_id("dialog-inc").on_click(|| Msg::Inc),
                        );
                        ui.add(
                            Rect { x: buttons.x + 13, ..buttons },
                            Button::new("Close")
                                .automation_id("dialog-close")
                                .on_click(|| Msg::Close),
                        );
                    });
                });
        }
    }
}

/// A nested component with state of its own.
#[derive(Default)]
struct Counter {
    clicks: u32,
}

impl Component for Counter {
    type Message = ();

    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.clicks += 1;
    }

    fn view(&self, ui: &mut Ui<'_, ()>) {
        let area = ui.area();
        let label = format!("+{}", self.clicks);
        ui.add(area, Button::new(label).automation_id("counter").on_click(|| ()));
    }
}
