//! Who a request comes from: `Authorization: Bearer TOKEN` (the API), or the session cookie a
//! browser got by signing in with its token (HttpOnly, SameSite=Strict: a page of another site
//! cannot send it, so a form posted from elsewhere carries no one's session).

use super::AppState;
use crate::serve::secrets;
use crate::serve::store::Participant;
use axum::http::{header, HeaderMap};

/// The session cookie's name.
pub const COOKIE: &str = "baraza_session";

/// The participant a token belongs to. The Argon2 check (about 19 MB and tens of
/// milliseconds) runs off the request threads, a few at a time (`TokenChecks`); a token once
/// verified is known by its SHA-256 afterwards, so a script polling its submission costs a
/// fast hash, not an Argon2 each time.
pub async fn by_token(state: &AppState, token: &str) -> Option<Participant> {
    let (id, secret) = secrets::parse_token(token)?;
    let digest = secrets::session_digest(token);
    if state.token_checks.known(&digest) == Some(id) {
        return state.store.participant(id).ok()?;
    }
    let p = state.store.participant(id).ok()??;
    let secret = secret.to_string();
    let hash = p.token_hash.clone();
    let _permit = state.token_checks.hashing.acquire().await.ok()?;
    let ok = tokio::task::spawn_blocking(move || secrets::verify(&secret, &hash))
        .await
        .unwrap_or(false);
    if ok {
        state.token_checks.remember(digest, id);
    }
    ok.then_some(p)
}

/// Tokens verified so far (by their SHA-256), and the bound on Argon2 checks at once.
pub struct TokenChecks {
    verified: std::sync::Mutex<std::collections::HashMap<String, i64>>,
    hashing: tokio::sync::Semaphore,
}

impl TokenChecks {
    /// At most `at_once` Argon2 checks run together (each holds its memory while it runs).
    pub fn new(at_once: usize) -> TokenChecks {
        TokenChecks {
            verified: Default::default(),
            hashing: tokio::sync::Semaphore::new(at_once.max(1)),
        }
    }

    fn known(&self, digest: &str) -> Option<i64> {
        self.verified
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(digest)
            .copied()
    }

    fn remember(&self, digest: String, id: i64) {
        self.verified
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(digest, id);
    }
}

/// The session cookie's value, if the request has one.
pub fn session_cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|kv| {
            let (k, v) = kv.trim().split_once('=')?;
            (k == COOKIE).then(|| v.to_string())
        })
}

/// Who is asking: a bearer token first, else the session cookie.
pub async fn who(state: &AppState, headers: &HeaderMap) -> Option<Participant> {
    if let Some(auth) = headers.get(header::AUTHORIZATION) {
        let token = auth.to_str().ok()?.strip_prefix("Bearer ")?;
        return by_token(state, token).await;
    }
    let value = session_cookie(headers)?;
    let id = state
        .store
        .session(&secrets::session_digest(&value))
        .ok()??;
    state.store.participant(id).ok()?
}

/// The `Set-Cookie` value that starts a session (`value`), or ends it (`None`).
pub fn set_cookie(value: Option<&str>) -> String {
    match value {
        Some(v) => format!("{COOKIE}={v}; Path=/; HttpOnly; SameSite=Strict; Max-Age=2592000"),
        None => format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"),
    }
}
