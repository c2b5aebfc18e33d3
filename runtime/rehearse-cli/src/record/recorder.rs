//! The recording itself: each thing the person does is passed on to the
//! program and becomes steps — typed characters gather into one `type:`
//! run (a secret one when they go where the program hides them), keys,
//! clicks, pastes and resizes are steps of their own — and when the next
//! thing begins, the recorder looks at what the screen did in between and
//! writes the wait for it.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use rehearse_lang::{
    AutomationStep, MouseButton, PointerAction, PointerButton, ScrollDirection, Secret, Selector,
    SemanticRole,
};
use rehearse_pty::encode::{self, MouseAction, MouseInput, MouseInputButton, MouseReporting};
use terminput::{KeyCode as Code, KeyEvent, KeyModifiers, MouseEvent, MouseEventKind};

use super::input::InputEvent;
use super::keys::{Pressed, pressed};
use super::program::Program;
use super::screen::Screen;
use super::select::{screen_target, stable, tree_target};
use super::status::{Mark, Status};
use super::tree::TreeLink;
use super::waits::{self, Observation};

/// Whether the recording goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Keep recording.
    Go,
    /// The person ended it.
    Stop,
}

/// What an input group is: typed text (whose echo is no answer), turns of
/// the wheel at one cell in one direction (one group, one wait after the
/// last), or any other input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Typed,
    Wheel(u16, u16, ScrollDirection),
    Other,
}

/// Inputs since the last look at the screen, and what it was then.
struct Group {
    before: Observation,
    last_input: Instant,
    kind: Kind,
}

/// Text being typed.
struct Run {
    text: String,
    /// The variable a secret run is typed from, when it is one.
    secret: Option<String>,
}

/// A mouse button held down.
struct Press {
    button: terminput::MouseButton,
    at: (u16, u16),
    /// The tree or screen when it went down (where a drag ends is found in
    /// it too).
    seen: Observation,
    /// What a click there is written with.
    click: Selector,
}

/// The recording.
pub struct Recorder {
    screen: Arc<Mutex<Screen>>,
    program: Program,
    tree: TreeLink,
    /// The program published a tree: its replay runs on the app.
    published: bool,
    steps: Vec<AutomationStep>,
    group: Option<Group>,
    run: Option<Run>,
    press: Option<Press>,
    pointer: Option<(u16, u16)>,
    started: Instant,
    first: bool,
    status: Status,
    /// Every secret typed, to keep out of every selector and wait.
    secrets: Vec<String>,
}

impl Recorder {
    /// A recording of `program`, started at `started`, drawn on `screen`.
    pub fn new(
        screen: Arc<Mutex<Screen>>,
        program: Program,
        tree: TreeLink,
        started: Instant,
    ) -> Self {
        let mut recorder = Self {
            screen,
            program,
            tree,
            published: false,
            steps: Vec::new(),
            group: None,
            run: None,
            press: None,
            pointer: None,
            started,
            first: true,
            status: Status::default(),
            secrets: Vec::new(),
        };
        recorder.show();
        recorder
    }

    /// The program.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// Whether the program publishes a tree.
    pub fn published(&self) -> bool {
        self.published
    }

    fn screen(&self) -> MutexGuard<'_, Screen> {
        self.screen.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Connects to the program's socket if it now answers there (the loop
    /// calls this while the program may still start serving).
    pub fn look_for_tree(&mut self) -> bool {
        if !self.published && self.tree.connect() && self.tree.fetch().is_some() {
            self.published = true;
            self.status.tree = true;
            self.show();
        }
        self.published
    }

    /// One thing the person's terminal sent.
    pub fn on_input(&mut self, event: InputEvent) -> Flow {
        // Debug builds only: the tests' way to prove the panic path gives
        // the terminal back and leaves no process behind.
        #[cfg(debug_assertions)]
        if std::env::var_os("REHEARSE_RECORD_TEST_PANIC").is_some() {
            panic!("REHEARSE_RECORD_TEST_PANIC is set: a panic while recording, as asked");
        }
        let flow = match event {
            InputEvent::Pass(bytes) => {
                self.write(&bytes);
                Flow::Go
            }
            InputEvent::Raw(bytes) => {
                self.raw(&bytes);
                Flow::Go
            }
            InputEvent::Key { key, bytes } => self.key(&key, &bytes),
            InputEvent::Mouse(mouse) => {
                self.mouse(mouse);
                Flow::Go
            }
            InputEvent::Paste(text) => {
                self.paste(&text);
                Flow::Go
            }
        };
        self.show();
        flow
    }

    /// The person's terminal is now `size`: the program follows, one row
    /// short (the status line).
    pub fn resize(&mut self, size: (u16, u16)) {
        let before = self.screen().program_size();
        let rows = super::screen::program_rows(size.1);
        if before == (size.0, rows) {
            self.screen().resize(size);
            return;
        }
        self.begin(Kind::Other, None);
        self.screen().resize(size);
        let _ = self.program.resize(size.0, rows);
        self.steps.push(AutomationStep::resize(size.0, rows));
        self.show();
    }

    /// Ends the recording: the last wait is written; the steps.
    pub fn finish(mut self) -> (Vec<AutomationStep>, Program) {
        self.program.drain();
        self.close();
        (self.steps, self.program)
    }

    fn write(&self, bytes: &[u8]) {
        let _ = self.program.write(bytes);
    }

    fn key(&mut self, key: &KeyEvent, bytes: &[u8]) -> Flow {
        if self.status.menu {
            self.status.menu = false;
            return self.mark(key);
        }
        if is_prefix(key) {
            self.status.menu = true;
            return Flow::Go;
        }
        self.status.notice = None;
        match pressed(key) {
            Pressed::Char(character) => self.type_char(character),
            Pressed::Backspace if self.run.as_ref().is_some_and(|run| !run.text.is_empty()) => {
                if let Some(run) = &mut self.run {
                    run.text.pop();
                }
                self.touch();
            }
            Pressed::Backspace => self.press_key(rehearse_lang::KeyCode::Backspace.into()),
            Pressed::Key(key) => self.press_key(key),
            Pressed::Unnamed => {
                self.raw(bytes);
                return Flow::Go;
            }
        }
        self.write(bytes);
        Flow::Go
    }

    /// A chord's second key: a checkpoint, an assertion, or the end.
    fn mark(&mut self, key: &KeyEvent) -> Flow {
        match key.code {
            Code::Char('c') => {
                self.close();
                let name = format!("checkpoint-{}", self.status.checkpoints + 1);
                self.status.checkpoints += 1;
                self.steps.push(AutomationStep::checkpoint(name));
                self.status.notice = Some(Mark::Checkpoint);
            }
            Code::Char('a') => {
                self.close();
                let now = self.observe();
                match waits::assertion(&now, self.pointer, &self.secrets) {
                    Some(step) => {
                        self.steps.push(step);
                        self.status.notice = Some(Mark::Asserted);
                    }
                    None => self.status.notice = Some(Mark::NothingThere),
                }
            }
            Code::Char('q') => return Flow::Stop,
            _ if is_prefix(key) => {
                // The prefix twice: the program gets it.
                self.press_key(rehearse_lang::KeyPress::new(
                    rehearse_lang::KeyCode::Char(']'),
                    rehearse_lang::Modifiers::CTRL,
                ));
                self.write(&[0x1d]);
            }
            _ => self.status.notice = None,
        }
        Flow::Go
    }

    fn type_char(&mut self, character: char) {
        let continues = self.run.is_some()
            && self.group.as_ref().is_some_and(|group| group.kind == Kind::Typed);
        if !continues {
            self.begin(Kind::Typed, None);
            let secret = self.group.as_ref().and_then(|group| self.secret_name(&group.before));
            self.run = Some(Run { text: String::new(), secret });
        }
        if let Some(run) = &mut self.run {
            run.text.push(character);
        }
        self.touch();
    }

    fn press_key(&mut self, key: rehearse_lang::KeyPress) {
        self.begin(Kind::Other, None);
        self.steps.push(AutomationStep::key(key));
        self.touch();
    }

    /// Bytes no key names: sent as they are, and written as `send:`.
    fn raw(&mut self, bytes: &[u8]) {
        self.begin(Kind::Other, None);
        self.steps.push(AutomationStep::send(String::from_utf8_lossy(bytes).into_owned()));
        self.write(bytes);
        self.touch();
    }

    fn paste(&mut self, text: &str) {
        self.begin(Kind::Other, None);
        let modes = self.screen().input_modes();
        self.write(&encode::paste(text, modes));
        // The app's replay has no terminal to paste into: the same text,
        // typed.
        let step = if self.published {
            AutomationStep::type_text(text)
        } else {
            AutomationStep::paste(text)
        };
        self.steps.push(step);
        self.touch();
    }

    fn mouse(&mut self, mouse: MouseEvent) {
        let at = (mouse.column, mouse.row);
        self.pointer = Some(at);
        let (modes, rows) = {
            let screen = self.screen();
            (screen.input_modes(), screen.program_size().1)
        };
        if at.1 >= rows {
            return;
        }
        let takes = modes.mouse_reporting != MouseReporting::Off;
        let forward = |recorder: &Self, button: MouseInputButton, action: MouseAction| {
            let input = MouseInput { col: at.0, row: at.1, button, action };
            if let Ok(bytes) = encode::mouse(input, modes) {
                recorder.write(&bytes);
            }
        };
        match mouse.kind {
            MouseEventKind::Moved => forward(self, MouseInputButton::None, MouseAction::Move),
            MouseEventKind::Down(button) => {
                if !takes {
                    self.status.notice = Some(Mark::NoMouse);
                    return;
                }
                self.begin(Kind::Other, Some(at));
                let seen = self.group.as_ref().map(|group| group.before.clone());
                if let (Some(seen), Some(input)) = (seen, input_button(button)) {
                    let click = self.click_target(&seen, button, at);
                    self.press = Some(Press { button, at, seen, click });
                    forward(self, input, MouseAction::Press);
                }
            }
            MouseEventKind::Drag(button) => {
                if let Some(input) = input_button(button) {
                    forward(self, input, MouseAction::Move);
                }
            }
            MouseEventKind::Up(button) => {
                if let Some(input) = input_button(button) {
                    forward(self, input, MouseAction::Release);
                }
                // Not a new input for the wait: a program may answer the
                // press before the release is read (a busy machine), and
                // that answer is the click's.
                if let Some(press) = self.press.take() {
                    self.released(press, at);
                }
            }
            MouseEventKind::Scroll(direction) => {
                let (wheel, direction) = match direction {
                    terminput::ScrollDirection::Up => (PointerButton::WheelUp, ScrollDirection::Up),
                    terminput::ScrollDirection::Down => {
                        (PointerButton::WheelDown, ScrollDirection::Down)
                    }
                    _ => return,
                };
                if !takes {
                    return;
                }
                // Notch after notch at one place: one group, one wait.
                let kind = Kind::Wheel(at.0, at.1, direction);
                if self.group.as_ref().is_none_or(|group| group.kind != kind) {
                    self.begin(kind, Some(at));
                }
                let seen = self.group.as_ref().and_then(|group| group.before.tree.clone());
                let step = match seen {
                    Some(tree) => {
                        let make = |selector| AutomationStep::scroll_at(selector, direction);
                        make(tree_target(&tree, at.0, at.1, &self.secrets, make))
                    }
                    None => AutomationStep::mouse(at.0, at.1, wheel, PointerAction::Click),
                };
                self.steps.push(step);
                let input = match wheel {
                    PointerButton::WheelUp => MouseInputButton::WheelUp,
                    _ => MouseInputButton::WheelDown,
                };
                forward(self, input, MouseAction::Press);
                self.touch();
            }
        }
    }

    /// What a click at `at` is written with, chosen when the button goes
    /// down (from what was shown then).
    fn click_target(
        &self,
        seen: &Observation,
        button: terminput::MouseButton,
        at: (u16, u16),
    ) -> Selector {
        let button = clicked(button);
        let click = move |selector: Selector| AutomationStep::Click { target: selector, button };
        match &seen.tree {
            Some(tree) => tree_target(tree, at.0, at.1, &self.secrets, click),
            None => {
                // The character under the pointer (a wide one takes two cells).
                let screen = self.screen();
                let mut index = None;
                let mut count = 0;
                screen.emulator().visit_row(at.1, &mut |col, text, width, _| {
                    if width == 0 {
                        return;
                    }
                    if col <= at.0 {
                        index = Some(count);
                    }
                    count += text.chars().count().max(1);
                });
                drop(screen);
                match index {
                    Some(index) => screen_target(&seen.lines, index, at, &self.secrets),
                    None => Selector::point(at.0, at.1),
                }
            }
        }
    }

    /// A button went up at `at`: a click where it went down, else a drag.
    fn released(&mut self, press: Press, at: (u16, u16)) {
        let button = clicked(press.button);
        let (from, to) = (press.at, at);
        let step = match &press.seen.tree {
            _ if from == to => AutomationStep::Click { target: press.click, button },
            Some(tree) => {
                let end = Selector::point(to.0, to.1);
                let start = tree_target(tree, from.0, from.1, &self.secrets, |selector| {
                    AutomationStep::drag(selector, end.clone())
                });
                let finish = tree_target(tree, to.0, to.1, &self.secrets, |selector| {
                    AutomationStep::drag(start.clone(), selector)
                });
                AutomationStep::drag(start, finish)
            }
            None => {
                let held = match button {
                    MouseButton::Right => PointerButton::Right,
                    MouseButton::Middle => PointerButton::Middle,
                    MouseButton::Left => PointerButton::Left,
                };
                for (point, action) in [(from, PointerAction::Press), (to, PointerAction::Move)] {
                    self.steps.push(AutomationStep::mouse(point.0, point.1, held, action));
                }
                AutomationStep::mouse(to.0, to.1, held, PointerAction::Release)
            }
        };
        self.steps.push(step);
    }

    /// What the program shows now, with its tree.
    fn observe(&mut self) -> Observation {
        let tree = if self.published || self.look_for_tree() { self.tree.fetch() } else { None };
        let screen = self.screen();
        let emulator = screen.emulator();
        let (rows, _) = emulator.size();
        Observation {
            lines: (0..rows).map(|row| emulator.line_text(row)).collect(),
            cursor_row: emulator.cursor().row,
            tree,
            ended: self.program.exit(),
            changed_at: screen.changed_at(),
        }
    }

    /// The input under way ends here: its run is written, and the wait for
    /// what the screen did since.
    fn close(&mut self) {
        if self.group.is_none() && !self.first {
            return;
        }
        let now = self.observe();
        self.close_with(&now, None);
    }

    fn close_with(&mut self, now: &Observation, hint: Option<&Selector>) {
        self.close_run(now);
        let wait = match self.group.take() {
            Some(group) => waits::after_input(
                &group.before,
                now,
                group.last_input,
                group.kind == Kind::Typed,
                self.published,
                &self.secrets,
            ),
            None if self.first => waits::ready(now, self.started, hint, &self.secrets),
            None => None,
        };
        let first = std::mem::replace(&mut self.first, false);
        self.steps.extend(wait);
        // A program that ended before any input: its exit, too.
        if first && !self.published {
            self.steps.extend(waits::exit(now, self.started));
        }
    }

    /// New input begins: the last is closed, and what the screen shows now
    /// is what the new input's answer is compared with. `at` is where a
    /// pointer input points (the first wait names the node there).
    fn begin(&mut self, kind: Kind, at: Option<(u16, u16)>) {
        let now = self.observe();
        let hint = match (&now.tree, at) {
            (Some(tree), Some((col, row))) => {
                tree.topmost_at(col, row).and_then(|node| stable(tree, node, &self.secrets))
            }
            _ => None,
        };
        self.close_with(&now, hint.as_ref());
        self.group = Some(Group { before: now, last_input: Instant::now(), kind });
    }

    /// The last input of the group under way was just now.
    fn touch(&mut self) {
        if let Some(group) = &mut self.group {
            group.last_input = Instant::now();
        }
    }

    /// The run is written. It is a secret when it began where the program
    /// hides text, or when that is where it went (`now`, before the input
    /// that ends it: the focus a click gave may have come after the first
    /// character was read).
    fn close_run(&mut self, now: &Observation) {
        let Some(run) = self.run.take() else { return };
        if run.text.is_empty() {
            return;
        }
        match run.secret.or_else(|| self.secret_name(now)) {
            Some(name) => {
                self.secrets.push(run.text);
                self.steps.push(AutomationStep::type_secret(Secret::env(name)));
            }
            None => self.steps.push(AutomationStep::type_text(run.text)),
        }
    }

    /// When text typed now goes where the program hides it — a masked or
    /// sensitive node has focus, or it reads a line with echo off — the
    /// variable it is written as.
    fn secret_name(&self, seen: &Observation) -> Option<String> {
        let word = match &seen.tree {
            Some(tree) => {
                let focused = tree.focused()?;
                let value = focused.value.as_ref()?;
                if !value.sensitivity().is_redacted() {
                    return None;
                }
                focused.automation_id.as_ref().map(|id| id.as_str().to_owned()).or_else(|| {
                    (focused.role != SemanticRole::Application).then(|| focused.name.clone())
                })
            }
            None => {
                if !self.program.reads_without_echo() {
                    return None;
                }
                // The prompt's last word: `Password:` is PASSWORD.
                let line = seen.lines.get(usize::from(seen.cursor_row))?;
                line.split(':').rev().nth(1).map(str::to_owned)
            }
        };
        let name = super::status::variable_name(word.as_deref().unwrap_or_default());
        Some(name)
    }

    /// Draws the status line for what is recorded now.
    fn show(&mut self) {
        let pending =
            self.run.as_ref().filter(|run| !run.text.is_empty()).map(|run| match &run.secret {
                Some(name) => AutomationStep::type_secret(Secret::env(name.clone())),
                None => AutomationStep::type_text(run.text.clone()),
            });
        let count = self.steps.len() + usize::from(pending.is_some());
        let last = pending.as_ref().or(self.steps.last()).map(ToString::to_string);
        let text = self.status.line(count, last.as_deref());
        self.screen().set_status(text);
    }
}

/// The chord's first key: Ctrl+] (a terminal sends byte 0x1d, which reads
/// as Ctrl+5 in the legacy encoding).
fn is_prefix(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CTRL) && matches!(key.code, Code::Char(']' | '5'))
}

/// The language's button for a mouse button.
fn clicked(button: terminput::MouseButton) -> MouseButton {
    match button {
        terminput::MouseButton::Right => MouseButton::Right,
        terminput::MouseButton::Middle => MouseButton::Middle,
        _ => MouseButton::Left,
    }
}

fn input_button(button: terminput::MouseButton) -> Option<MouseInputButton> {
    match button {
        terminput::MouseButton::Left => Some(MouseInputButton::Button(MouseButton::Left)),
        terminput::MouseButton::Right => Some(MouseInputButton::Button(MouseButton::Right)),
        terminput::MouseButton::Middle => Some(MouseInputButton::Button(MouseButton::Middle)),
        terminput::MouseButton::Unknown => None,
    }
}
