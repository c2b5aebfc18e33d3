// Declarations may live anywhere items can, such as inside a test.
use rehearse::prelude::*;

fn main() {
    rehearse::automation_ids! {
        mod ids {
            OK = "ok";
            fn item = "item-{n}";
        }
    }

    struct Dialog;

    impl Component for Dialog {
        type Message = ();
        const AUTOMATION_IDS: rehearse::AutomationIds = ids::DECLARED;
        fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
        fn view(&self, _: &mut Ui<'_, ()>) {}
    }

    let scenario = scenario! { app = Dialog; click:#ok; click:#item-2; };
    assert_eq!(scenario.len(), 2);
    assert_eq!(ids::item(2), "item-2");
    assert!(ids::DECLARED.refused_keys().is_empty());
}
