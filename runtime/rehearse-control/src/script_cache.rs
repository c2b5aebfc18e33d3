//! The last script an `act` parsed, kept so that the same text asked again
//! (a client clicking the same control, a script run in a loop) is not parsed
//! and checked again. It is reused only when nothing else could change the
//! result: the checks it ran under are the same (declared ids, refused keys,
//! plane), and it read no `use:` file (a file may change between requests).

use rehearse_lang::KeyPress;
use rehearse_lang::script::{
    CheckContext, PlaneName, Script, ScriptErrors, UseFiles, parse_script_with_uses,
};

/// One script parsed and checked, with what it was checked against.
#[derive(Debug)]
struct Entry {
    text: String,
    declared: Option<Vec<String>>,
    refused: Vec<KeyPress>,
    plane: Option<PlaneName>,
    script: Script,
}

impl Entry {
    fn matches(&self, text: &str, context: &CheckContext<'_>) -> bool {
        let declared = match (&self.declared, context.declared_ids) {
            (None, None) => true,
            (Some(kept), Some(ids)) => {
                kept.iter().map(String::as_str).eq(ids.entries().iter().copied())
            }
            _ => false,
        };
        self.text == text
            && declared
            && self.refused == context.refused_keys
            && self.plane == context.plane
    }
}

/// The last script parsed, when it may be reused.
#[derive(Debug, Default)]
pub(crate) struct ScriptCache {
    last: Option<Entry>,
}

impl ScriptCache {
    /// `text` parsed and checked under `context`, reading `use:` files as
    /// `uses` allows: the kept script when `text` and `context` are the ones
    /// it was parsed with, else parsed now (and kept when it read no file).
    pub(crate) fn parse(
        &mut self,
        text: &str,
        context: &CheckContext<'_>,
        uses: UseFiles<'_>,
    ) -> Result<Script, ScriptErrors> {
        if let Some(entry) = self.last.as_ref().filter(|entry| entry.matches(text, context)) {
            return Ok(entry.script.clone());
        }
        let script = parse_script_with_uses(text, context, uses)?;
        self.last = script.files.is_empty().then(|| Entry {
            text: text.to_owned(),
            declared: context
                .declared_ids
                .map(|ids| ids.entries().iter().map(|entry| (*entry).to_owned()).collect()),
            refused: context.refused_keys.to_vec(),
            plane: context.plane,
            script: script.clone(),
        });
        Ok(script)
    }

    /// Whether a script is kept.
    #[cfg(test)]
    fn holds(&self) -> bool {
        self.last.is_some()
    }
}

#[cfg(test)]
mod tests {
    use rehearse_lang::script::DeclaredIds;

    use super::*;

    const IDS: DeclaredIds<'static> = DeclaredIds::new(&["save", "item-{n}"]);

    #[test]
    fn the_same_text_under_the_same_checks_is_reused() {
        let mut cache = ScriptCache::default();
        let context = CheckContext::new().declared_ids(&IDS);
        let first = cache.parse("click:#save", &context, UseFiles::Refused("none")).unwrap();
        assert!(cache.holds());
        let again = cache.parse("click:#save", &context, UseFiles::Refused("none")).unwrap();
        assert_eq!(first, again);
    }

    #[test]
    fn other_checks_parse_again_and_can_refuse_what_was_kept() {
        let mut cache = ScriptCache::default();
        let context = CheckContext::new().declared_ids(&IDS);
        cache.parse("click:#item-3", &context, UseFiles::Refused("none")).unwrap();
        // The same text, checked against ids that no longer declare it.
        const OTHER: DeclaredIds<'static> = DeclaredIds::new(&["save"]);
        let narrower = CheckContext::new().declared_ids(&OTHER);
        assert!(cache.parse("click:#item-3", &narrower, UseFiles::Refused("none")).is_err());
        // Refused keys and the plane count too.
        cache.parse("key:F6", &context, UseFiles::Refused("none")).unwrap();
        let f6 = ["F6".parse::<KeyPress>().unwrap()];
        let refusing = CheckContext { refused_keys: &f6, ..context };
        assert!(cache.parse("key:F6", &refusing, UseFiles::Refused("none")).is_err());
    }

    #[test]
    fn a_script_that_read_a_file_is_not_kept() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("steps.txt"), "click:#save\n").unwrap();
        let mut cache = ScriptCache::default();
        let context = CheckContext::new().declared_ids(&IDS);
        let script = cache.parse("use:steps.txt", &context, UseFiles::Below(dir.path())).unwrap();
        assert_eq!(script.len(), 1);
        assert!(!cache.holds(), "the file may change before the next request");
        std::fs::write(dir.path().join("steps.txt"), "click:#nowhere\n").unwrap();
        assert!(cache.parse("use:steps.txt", &context, UseFiles::Below(dir.path())).is_err());
    }
}
