// The header takes any path to the app type.
use rehearse::prelude::*;

mod apps {
    pub use rehearse_examples::login::LoginApp;
}

fn main() {
    let a = scenario! { app = rehearse_examples::todo::TodoApp; click:#new-todo; };
    let b = scenario! { app = crate::apps::LoginApp; click:#user; };
    let c = scenario! { app = self::apps::LoginApp; focus:#password; };
    assert_eq!(a.len() + b.len() + c.len(), 3);
}
