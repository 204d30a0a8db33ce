//! The site and its API on axum: the routes, the state every request shares, and what every
//! response carries (a strict Content-Security-Policy, one log line per request).
//!
//! - [`auth`]: who is asking (a bearer token or the session cookie);
//! - [`api`]: the JSON API;
//! - [`pages`]: the HTML pages, from [`html`]'s pieces;
//! - [`upload`]: a submission taken from a multipart request (API and form alike).

pub mod api;
pub mod auth;
pub mod html;
pub mod pages;
pub mod upload;

use super::folders::Folders;
use super::snapshot::Shared;
use super::store::Store;
use super::wake::Wake;
use crate::league::folder::League;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{header, HeaderValue};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;
use std::sync::Arc;
use std::time::Instant;

/// The largest request body: an upload (a source file or an archive) and its form.
pub const MAX_UPLOAD: usize = 16 << 20;

/// What every request may use.
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub league: Arc<League>,
    pub folders: Folders,
    pub snapshot: Shared,
    /// Rung when a submission is queued.
    pub arrivals: Wake,
    /// Whether anyone may register.
    pub open_registration: bool,
    /// Registrations allowed per minute, all addresses together.
    pub registrations: Arc<super::rate::Rate>,
    /// Tokens verified, and the bound on Argon2 checks at once.
    pub token_checks: Arc<auth::TokenChecks>,
}

/// Every route.
pub fn router(state: AppState) -> Router {
    let uploads = Router::new()
        .route(
            "/api/submissions",
            post(api::submit).get(api::my_submissions),
        )
        .route("/submit", post(pages::submit_form))
        .layer(DefaultBodyLimit::max(MAX_UPLOAD));
    Router::new()
        .route("/", get(pages::leaderboard))
        .route("/entrants/{name}", get(pages::entrant))
        .route("/games/{n}", get(pages::game))
        .route("/enter", get(pages::enter))
        .route("/login", get(pages::login_page).post(pages::login))
        .route("/logout", post(pages::logout))
        .route("/register", post(pages::register))
        .route("/submit", get(pages::submit_page))
        .route("/submissions/{id}", get(pages::submission))
        .route("/kits/{file}", get(pages::kit))
        .route("/assets/{file}", get(pages::asset))
        .route("/favicon.ico", get(pages::favicon))
        .route("/health", get(api::health))
        .route("/api/submissions/{id}", get(api::submission))
        .route("/api/leaderboard", get(api::leaderboard))
        .route("/api/entrants/{name}", get(api::entrant))
        .route("/api/games.jsonl", get(api::games_jsonl))
        .route("/api/games.pgn", get(api::games_pgn))
        .merge(uploads)
        .fallback(pages::not_found)
        .layer(DefaultBodyLimit::max(64 << 10))
        .layer(middleware::from_fn(headers_and_log))
        .with_state(state)
}

/// The policy of every response: nothing from another host, no inline code but what a page
/// lists by hash ([`html::csp_for`]), no framing.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

async fn headers_and_log(req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    if !h.contains_key(header::CONTENT_SECURITY_POLICY) {
        h.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        );
    }
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    eprintln!(
        "serve: {method} {} {} {} ms",
        path.chars().take(200).collect::<String>(),
        res.status().as_u16(),
        started.elapsed().as_millis()
    );
    res
}
