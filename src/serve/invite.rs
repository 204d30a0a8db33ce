//! A participant made, with its token: by the host (`baraza league invite`) or, when the
//! server allows it, by the participant (registration). The token is shown once; only its hash
//! is kept ([`super::secrets`]).

use super::secrets;
use super::store::{Store, StoreError};

/// Why a participant cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum InviteError {
    #[error("'{0}' is not taken as a name: 1 to 32 letters, digits, '_' or '-'")]
    BadName(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A name that can be an entrant's, an address's part and a PGN tag's word as it is.
pub fn check_name(name: &str) -> Result<(), InviteError> {
    let ok = (1..=32).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(InviteError::BadName(name.chars().take(40).collect()))
    }
}

/// Make participant `name`; its token.
pub fn invite(store: &Store, name: &str) -> Result<String, InviteError> {
    check_name(name)?;
    let (secret, hash) = secrets::new_secret();
    let id = store.add_participant(name, &hash)?;
    Ok(secrets::token(id, &secret))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_plain_words() {
        for good in ["alice", "Team_7", "a-b", &"x".repeat(32)] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in ["", "a b", "a@b", "<script>", "é", &"x".repeat(33), "a/b"] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
    }
}
