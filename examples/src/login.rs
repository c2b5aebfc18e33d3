//! A sign-in form: user name, masked password, a submit button that stays
//! disabled until both are filled, an alert on bad credentials, and a
//! welcome screen.

use ratatui::layout::{Constraint, Layout, Rect};
use rehearse::AutomationIds;
use rehearse::prelude::*;
use rehearse::widgets::{Button, Heading, Text, TextInput, centered};

/// The one account the demo knows.
pub const DEMO_USER: &str = "ada";
/// Its password.
pub const DEMO_PASSWORD: &str = "lovelace";

rehearse::automation_ids! {
    /// The automation ids the login app uses.
    pub mod ids for LoginApp {
        /// The user name field.
        USER = "user";
        /// The password field.
        PASSWORD = "password";
        /// The sign-in button.
        SUBMIT = "submit";
        /// The bad-credentials alert.
        ERROR = "login-error";
        /// The welcome heading after signing in.
        WELCOME = "welcome";
        /// The sign-out button.
        SIGN_OUT = "sign-out";
    }
}

/// The app state.
#[derive(Debug, Default)]
pub struct LoginApp {
    user: String,
    password: String,
    error: Option<String>,
    signed_in: Option<String>,
    failed_attempts: u32,
}

/// What the login form reacts to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg {
    /// The user field changed.
    User(String),
    /// The password field changed.
    Password(String),
    /// Sign in with what was typed.
    Submit,
    /// Back to the form.
    SignOut,
    /// Leave the app.
    Quit,
}

impl LoginApp {
    /// Whether both fields are filled.
    pub fn can_submit(&self) -> bool {
        !self.user.is_empty() && !self.password.is_empty()
    }

    /// Who is signed in.
    pub fn signed_in(&self) -> Option<&str> {
        self.signed_in.as_deref()
    }

    /// How many sign-ins failed.
    pub fn failed_attempts(&self) -> u32 {
        self.failed_attempts
    }
}

impl Component for LoginApp {
    type Message = Msg;
    const AUTOMATION_IDS: AutomationIds = ids::DECLARED;

    fn mount(&mut self, ctx: &mut Context<'_, Self>) {
        ctx.focus(Selector::id(ids::USER));
    }

    fn update(&mut self, msg: Msg, ctx: &mut Context<'_, Self>) {
        match msg {
            Msg::User(user) => {
                self.user = user;
                self.error = None;
            }
            Msg::Password(password) => {
                self.password = password;
                self.error = None;
            }
            Msg::Submit if self.can_submit() => {
                if self.user == DEMO_USER && self.password == DEMO_PASSWORD {
                    self.signed_in = Some(std::mem::take(&mut self.user));
                    self.password.clear();
                    self.error = None;
                } else {
                    self.failed_attempts += 1;
                    self.password.clear();
                    self.error = Some("Wrong user name or password".into());
                    ctx.focus(Selector::id(ids::PASSWORD));
                }
            }
            Msg::Submit => {}
            Msg::SignOut => {
                self.signed_in = None;
                ctx.focus(Selector::id(ids::USER));
            }
            Msg::Quit => ctx.quit(),
        }
    }

    fn view(&self, ui: &mut Ui<'_, Msg>) {
        ui.on_key_global("ctrl+q".parse::<KeyPress>().expect("a valid key"), || Msg::Quit);
        let card = centered(ui.area(), 44, 14);
        match &self.signed_in {
            Some(user) => self.welcome(ui, card, user),
            None => self.form(ui, card),
        }
    }
}

impl LoginApp {
    fn form(&self, ui: &mut Ui<'_, Msg>, card: Rect) {
        let [title, user, password, submit, alert] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Length(3),
            Constraint::Length(3),
            Constraint::Length(3),
            Constraint::Length(2),
        ])
        .areas(card);
        ui.add(title, Heading::new("Sign in"));
        ui.add(
            user,
            TextInput::new(self.user.as_str())
                .label("User")
                .automation_id(ids::USER)
                .on_change(Msg::User),
        );
        ui.add(
            password,
            TextInput::new(self.password.as_str())
                .label("Password")
                .masked(true)
                .automation_id(ids::PASSWORD)
                .on_change(Msg::Password)
                .on_submit(|_| Msg::Submit),
        );
        ui.add(
            submit,
            Button::new("Sign in")
                .automation_id(ids::SUBMIT)
                .enabled(self.can_submit())
                .on_click(|| Msg::Submit),
        );
        if let Some(error) = &self.error {
            ui.add(
                alert,
                Text::new(error.as_str())
                    .role(SemanticRole::Alert)
                    .style(rehearse::widgets::theme::ALERT)
                    .automation_id(ids::ERROR),
            );
        }
    }

    fn welcome(&self, ui: &mut Ui<'_, Msg>, card: Rect, user: &str) {
        let [title, hint, button] =
            Layout::vertical([Constraint::Length(2), Constraint::Length(2), Constraint::Length(3)])
                .areas(card);
        ui.add(title, Heading::new(format!("Welcome, {user}")).automation_id(ids::WELCOME));
        ui.add(hint, Text::new("You are signed in."));
        ui.add(
            button,
            Button::new("Sign out").automation_id(ids::SIGN_OUT).on_click(|| Msg::SignOut),
        );
    }
}
