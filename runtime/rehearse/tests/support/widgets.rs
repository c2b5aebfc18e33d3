//! A tiny app for widget tests: one state struct, one message enum, and a
//! view given as a closure, so each test mounts exactly the widgets it needs.
//! Shared by several test crates, each using part of it.

#![allow(dead_code)]

use std::time::Duration;

use rehearse::SessionOptions;
use rehearse::engine::{StepError, StepResult};
use rehearse::prelude::*;

/// Everything a widget under test can send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg {
    Checked(bool),
    Selected(usize),
    Text(String),
    Clicked(&'static str),
    ClickedAt(u16, u16),
    Dropped(String),
    ShowToast,
    HideToast,
}

/// What the messages change, plus switches tests set before mounting.
#[derive(Debug, Default)]
pub struct State {
    pub checked: bool,
    pub selected: Option<usize>,
    pub text: String,
    pub toast: bool,
    pub disabled: bool,
    pub no_handler: bool,
    /// Every message, in arrival order.
    pub log: Vec<Msg>,
}

type ViewFn = Box<dyn Fn(&State, &mut Ui<'_, Msg>)>;

/// The harness component.
pub struct App {
    pub state: State,
    view: ViewFn,
}

impl Component for App {
    type Message = Msg;

    fn update(&mut self, msg: Msg, ctx: &mut Context<'_, Self>) {
        match &msg {
            Msg::Checked(checked) => self.state.checked = *checked,
            Msg::Selected(at) => self.state.selected = Some(*at),
            Msg::Text(text) => self.state.text.clone_from(text),
            Msg::ShowToast => {
                self.state.toast = true;
                ctx.after(Duration::from_secs(2), Msg::HideToast);
            }
            Msg::HideToast => self.state.toast = false,
            Msg::Clicked(_) | Msg::ClickedAt(..) | Msg::Dropped(_) => {}
        }
        self.state.log.push(msg);
    }

    fn view(&self, ui: &mut Ui<'_, Msg>) {
        (self.view)(&self.state, ui);
    }
}

/// Mounts `view` over `state` in a `cols` x `rows` headless session.
pub fn start(
    cols: u16,
    rows: u16,
    state: State,
    view: impl Fn(&State, &mut Ui<'_, Msg>) + 'static,
) -> Session<App> {
    Session::new(
        App { state, view: Box::new(view) },
        SessionOptions::default().viewport(cols, rows),
    )
}

/// The committed node with automation id `id`; panics with the tree.
pub fn node<'a>(session: &'a Session<App>, id: &str) -> &'a SemanticNode {
    session
        .tree()
        .by_id(id)
        .unwrap_or_else(|| panic!("no #{id} in\n{}", session.tree().to_markdown()))
}

/// Row `y` of the committed frame, as text.
pub fn line(session: &Session<App>, y: u16) -> String {
    let buffer = session.buffer();
    (0..buffer.area.width).map(|x| buffer[(x, y)].symbol()).collect()
}

/// Asserts that a step was refused as not actionable.
pub fn refused(result: Result<StepResult, StepError>) {
    match result {
        Err(error) => assert!(
            matches!(error.error, AutomationError::NotActionable { .. }),
            "expected NotActionable, got {error}"
        ),
        Ok(done) => panic!("expected the step to be refused, but {done}"),
    }
}
