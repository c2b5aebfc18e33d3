//! The verbs of the script grammar.

use crate::vocabulary::closed_set;

closed_set! {
    /// The verb of a step: the part before `:`.
    ///
    /// Verbs are exact, lowercase spellings; a near miss gets the closest
    /// verb as a suggestion.
    ///
    /// ```
    /// use rehearse_lang::script::Verb;
    /// assert_eq!("wait-for".parse::<Verb>(), Ok(Verb::WaitFor));
    /// assert_eq!("tpye".parse::<Verb>().unwrap_err().suggestions(), ["type"]);
    /// ```
    #[non_exhaustive]
    pub enum Verb: "verb" {
        /// `key:KEY`: press one key with modifiers.
        Key = "key",
        /// `type:TEXT`: type text into the focused node.
        Type = "type",
        /// `click:SELECTOR`: left click.
        Click = "click",
        /// `rclick:SELECTOR`: right click.
        RightClick = "rclick",
        /// `mclick:SELECTOR`: middle click.
        MiddleClick = "mclick",
        /// `hover:SELECTOR`: move the pointer over a node.
        Hover = "hover",
        /// `focus:next`, `focus:prev` or `focus:SELECTOR`.
        Focus = "focus",
        /// `scroll:[SELECTOR,]up|down`: one wheel notch.
        Scroll = "scroll",
        /// `drag:FROM>TO`.
        Drag = "drag",
        /// `wait[:MILLISECONDS]`: advance the controlled clock (250 ms when
        /// no duration is given).
        Wait = "wait",
        /// `sleep[:MILLISECONDS]`: sleep in real time (250 ms when no
        /// duration is given).
        Sleep = "sleep",
        /// `resize:COLSxROWS`.
        Resize = "resize",
        /// `drain`: drain ready work and commit.
        Drain = "drain",
        /// `checkpoint:NAME`.
        Checkpoint = "checkpoint",
        /// `wait-for:PREDICATE,SELECTOR,MILLISECONDS` or, on a terminal,
        /// `wait-for:PREDICATE,SUBJECT,MILLISECONDS`.
        WaitFor = "wait-for",
        /// `paste:TEXT`: paste text into a program (terminal plane).
        Paste = "paste",
        /// `send:TEXT`: write raw text with escapes (terminal plane).
        Send = "send",
        /// `mouse:COL,ROW[,BUTTON[,ACTION]]`: one raw mouse event.
        Mouse = "mouse",
        /// `batch:(STEP; STEP; ...)`: input steps in one write, then an
        /// optional `wait-for:`.
        Batch = "batch",
        /// `use:PATH`: the steps of another script file, here.
        Use = "use",
        /// `download:SOURCE,NAME`: a file the program wrote, as an artifact.
        Download = "download",
        /// `transform:NAME,COMMAND[,ARG...]`: a command's output as an
        /// artifact.
        Transform = "transform",
        /// `monitor:MILLISECONDS`: sample the program's CPU and memory.
        Monitor = "monitor",
        /// `expect-tree:SELECTOR,MILLISECONDS (OUTLINE)`: wait until a
        /// subtree has the shape an outline describes.
        ExpectTree = "expect-tree",
    }
}

impl Verb {
    /// How a step with this verb is written, for messages.
    pub const fn usage(self) -> &'static str {
        match self {
            Self::Key => "key:KEY (such as `key:ctrl+n`)",
            Self::Type => "type:TEXT (such as `type:\"Buy milk\"`)",
            Self::Click => "click:SELECTOR",
            Self::RightClick => "rclick:SELECTOR",
            Self::MiddleClick => "mclick:SELECTOR",
            Self::Hover => "hover:SELECTOR",
            Self::Focus => "focus:next, focus:prev or focus:SELECTOR",
            Self::Scroll => "scroll:up, scroll:down or scroll:SELECTOR,up / scroll:SELECTOR,down",
            Self::Drag => "drag:FROM>TO (such as `drag:#card>#done`)",
            Self::Wait => "wait or wait:MILLISECONDS (such as `wait:250`)",
            Self::Sleep => "sleep or sleep:MILLISECONDS (such as `sleep:250`)",
            Self::Resize => "resize:COLSxROWS (such as `resize:120x40`)",
            Self::Drain => "drain",
            Self::Checkpoint => "checkpoint:NAME (such as `checkpoint:saved`)",
            Self::WaitFor => {
                "wait-for:PREDICATE,SELECTOR,MILLISECONDS (such as `wait-for:exists,#status,500`) or, on a terminal, wait-for:PREDICATE,SUBJECT,MILLISECONDS (such as `wait-for:contains=Ready,screen,5000`)"
            }
            Self::Paste => "paste:TEXT (such as `paste:\"two\nlines\"`)",
            Self::Send => "send:TEXT (such as `send:\"\\e[A\"`)",
            Self::Download => "download:SOURCE,NAME (such as `download:out/report.txt,report`)",
            Self::Transform => {
                "transform:NAME,COMMAND[,ARG...] (such as `transform:upper,tr,a-z,A-Z`; `${artifacts.NAME.path}` and `${out}` in arguments)"
            }
            Self::Monitor => "monitor:MILLISECONDS (such as `monitor:250`)",
            Self::ExpectTree => {
                "expect-tree:SELECTOR,MILLISECONDS (OUTLINE) (such as `expect-tree:#todos,500 (- list-item \"Buy milk\" [checked])`; an outline of several lines opens with `(` at the end of the step's line and closes with `)` alone on a line)"
            }
            Self::Use => {
                "use:PATH (such as `use:common/login.steps`; relative to the including file, or in `scenario!` to the crate)"
            }
            Self::Batch => {
                "batch:(STEP; STEP; ...) with input steps and an optional last wait-for (such as `batch:(type:ls; key:enter; wait-for:contains=README,screen,5000)`)"
            }
            Self::Mouse => {
                "mouse:COL,ROW[,BUTTON[,ACTION]] (such as `mouse:10,4,right,press`; buttons left, middle, right, wheel-up, wheel-down, none; actions click, press, release, move)"
            }
        }
    }

    /// Whether the verb may be written without an argument (`drain`, and
    /// `wait`/`sleep` with their 250 ms default).
    pub const fn argument_optional(self) -> bool {
        matches!(self, Self::Drain | Self::Wait | Self::Sleep)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocabulary::Vocabulary;

    #[test]
    fn every_verb_round_trips() {
        assert_eq!(Verb::ALL.len(), 24);
        for &verb in Verb::ALL {
            assert_eq!(verb.as_str().parse::<Verb>(), Ok(verb));
            assert!(verb.usage().starts_with(verb.as_str()), "{verb}");
        }
        assert_eq!(Verb::parse("Click").unwrap_err().suggestions()[0], "click");
        assert_eq!(Verb::parse("waitfor").unwrap_err().suggestions()[0], "wait-for");
    }
}
