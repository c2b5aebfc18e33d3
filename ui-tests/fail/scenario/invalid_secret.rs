use rehearse::prelude::*;

// A secret must name an environment variable.
fn main() {
    let _ = scenario! {
        type:${secret.2FA};
        type:${env.TOKEN};
        type:${secret.PIN}0;
    };
}
