//! A message on its way to one component.

use std::any::Any;

use crate::identity::ComponentPath;

/// A message on its way to one component.
pub(crate) struct Envelope {
    pub(crate) target: ComponentPath,
    pub(crate) message: Box<dyn Any + Send>,
    /// The message's type, for diagnostics ("what kept producing work").
    pub(crate) type_name: &'static str,
}

impl Envelope {
    pub(crate) fn new<M: Send + 'static>(target: ComponentPath, message: M) -> Self {
        Self { target, message: Box::new(message), type_name: std::any::type_name::<M>() }
    }
}
