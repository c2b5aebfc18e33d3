//! The smallest app: one cell drawn, nothing focusable, no messages.

use ratatui::layout::Rect;
use rehearse::prelude::*;

/// Draws an `x` in the top-left cell and nothing else.
pub struct Plain;

impl Component for Plain {
    type Message = ();
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.draw_with(Rect::new(0, 0, 2, 1), |area, buf| {
            buf[(area.x, area.y)].set_symbol("x");
        });
    }
}
