//! `Sensitivity`: whether a value may be shown in semantic output.

use crate::vocabulary::closed_set;

closed_set! {
    /// How secret a node's value is.
    ///
    /// `Sensitive` and `Masked` values are redacted in every semantic output
    /// (JSON, Markdown, protocol replies, error messages); the output still
    /// says that a redacted value exists. Pixel artifacts (PNG, recordings)
    /// show what the user sees and are not redacted.
    ///
    /// ```
    /// use rehearse_lang::Sensitivity;
    /// assert!(Sensitivity::Masked.is_redacted());
    /// assert!(!Sensitivity::Public.is_redacted());
    /// ```
    #[derive(Default)]
    pub enum Sensitivity: "sensitivity" {
        /// May be shown anywhere.
        #[default]
        Public = "public",
        /// Marked secret by the app author; shown on screen, never in semantic output.
        Sensitive = "sensitive",
        /// Masked on screen (a password field) and never in semantic output.
        Masked = "masked",
    }
}

impl Sensitivity {
    /// Whether values of this sensitivity are withheld from semantic output.
    pub const fn is_redacted(self) -> bool {
        !matches!(self, Self::Public)
    }

    /// The stricter of two sensitivities (`Masked` > `Sensitive` > `Public`).
    #[must_use]
    pub fn max(self, other: Self) -> Self {
        Ord::max(self, other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sensitivities_round_trip_and_order() {
        for &level in Sensitivity::ALL {
            assert_eq!(level.as_str().parse::<Sensitivity>(), Ok(level));
        }
        assert_eq!(Sensitivity::default(), Sensitivity::Public);
        assert_eq!(Sensitivity::Public.max(Sensitivity::Masked), Sensitivity::Masked);
        assert_eq!(Sensitivity::Sensitive.max(Sensitivity::Public), Sensitivity::Sensitive);
        assert!(Sensitivity::Sensitive.is_redacted());
    }
}
