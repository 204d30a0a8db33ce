//! Participants' tokens and browser sessions. A token is `bz<ID>_<SECRET>`: the id finds the
//! participant without trying every hash, and only the secret's Argon2 hash is stored (a copy
//! of the store gives nobody a way in). A session is a random cookie whose SHA-256 is stored:
//! it is as random as a token, so a fast hash is enough, and pages stay cheap to serve.

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::Argon2;
use rand::RngCore;
use sha2::{Digest, Sha256};

/// Random bytes in a token's secret and in a session (hex: twice as many characters).
const SECRET_BYTES: usize = 24;

fn random_hex() -> String {
    let mut bytes = [0u8; SECRET_BYTES];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex(&bytes)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new secret and its stored hash.
pub fn new_secret() -> (String, String) {
    let secret = random_hex();
    let hash = Argon2::default()
        .hash_password(secret.as_bytes())
        .expect("Argon2 with its default parameters hashes any secret")
        .to_string();
    (secret, hash)
}

/// The token a participant is given: its id and the secret.
pub fn token(participant: i64, secret: &str) -> String {
    format!("bz{participant}_{secret}")
}

/// The participant's id and the secret of a token, if it has a token's form.
pub fn parse_token(token: &str) -> Option<(i64, &str)> {
    let rest = token.trim().strip_prefix("bz")?;
    let (id, secret) = rest.split_once('_')?;
    let id = id.parse().ok()?;
    let well_formed =
        secret.len() == 2 * SECRET_BYTES && secret.bytes().all(|b| b.is_ascii_hexdigit());
    well_formed.then_some((id, secret))
}

/// Whether `secret` is the one `hash` was made from.
pub fn verify(secret: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| {
        Argon2::default()
            .verify_password(secret.as_bytes(), &h)
            .is_ok()
    })
}

/// A new session: the cookie's value, and the digest stored for it.
pub fn new_session() -> (String, String) {
    let value = random_hex();
    let digest = session_digest(&value);
    (value, digest)
}

pub fn session_digest(value: &str) -> String {
    hex(&Sha256::digest(value.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_verifies_and_a_changed_one_does_not() {
        let (secret, hash) = new_secret();
        let t = token(7, &secret);
        let (id, s) = parse_token(&t).unwrap();
        assert_eq!((id, s), (7, secret.as_str()));
        assert!(verify(s, &hash));
        let mut wrong = secret.clone().into_bytes();
        wrong[0] = if wrong[0] == b'0' { b'1' } else { b'0' };
        assert!(!verify(std::str::from_utf8(&wrong).unwrap(), &hash));
        assert!(!hash.contains(&secret), "the secret is not stored");
        for bad in [
            "",
            "bz",
            "bz7",
            "bz7_",
            "bzx_abc",
            &format!("bz7_{}", &secret[1..]),
        ] {
            assert!(parse_token(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn sessions_differ_and_their_digest_is_sha256() {
        let (a, da) = new_session();
        let (b, _) = new_session();
        assert_ne!(a, b);
        assert_eq!(da, session_digest(&a));
        // SHA-256 of "abc", from FIPS 180-2's example.
        assert_eq!(
            session_digest("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
