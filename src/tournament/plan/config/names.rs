//! Bot names: why one cannot be used ([`NameProblem`]), checked for every bot of an event and,
//! for its quotes, for `match`'s names too ([`refuse_quotes`]).

/// Why a bot name cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameProblem {
    #[error("empty name")]
    Empty,
    #[error(
        "name '{0}' contains whitespace (name the bot without it: --name1/--name2 in a match, \
         --bot NAME=CMD in a tournament)"
    )]
    Whitespace(String),
    #[error("name '{0}' contains a quote or a backslash (rating tools would show them escaped)")]
    Quote(String),
}

pub(super) fn check_bot_name(name: &str) -> Result<(), NameProblem> {
    if name.is_empty() {
        return Err(NameProblem::Empty);
    }
    if name.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(NameProblem::Whitespace(name.to_string()));
    }
    refuse_quotes(name)
}

/// A bot name may not hold `"` or `\` (`tournament` and `match`): PGN tag values escape them,
/// and rating tools then show the escapes as part of the name.
pub fn refuse_quotes(name: &str) -> Result<(), NameProblem> {
    if name.contains(['"', '\\']) {
        return Err(NameProblem::Quote(name.to_string()));
    }
    Ok(())
}
