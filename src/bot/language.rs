//! The languages whose own words a bot's advice can use: the starter kits' languages, told
//! from a bot's command by [`super::languages::of_command`].

/// A language a bot can be written in, for advice in its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    C,
    Cpp,
    Go,
    Java,
    JavaScript,
    Python,
    Rust,
}
