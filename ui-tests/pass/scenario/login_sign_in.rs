// The login example: a wrong password, then the right one.
use rehearse::prelude::*;
use rehearse_examples::login::{LoginApp, ids};

fn main() {
    let mut session = Session::new(LoginApp::default(), SessionOptions::default().viewport(80, 24));
    session
        .run(scenario! {
            app = LoginApp;
            click:#user; type:"ada";
            click:#password; type:"wrong"; key:enter;
            wait-for:text="Wrong user name",#login-error,0;
            type:"lovelace";
            click:@button="Sign in";
            wait-for:exists,#welcome,0;
        })
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(session.app().failed_attempts(), 1);
    assert_eq!(session.app().signed_in(), Some("ada"));
    assert_eq!(session.tree().by_id(ids::WELCOME).unwrap().name, "Welcome, ada");
}
