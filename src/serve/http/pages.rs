//! The HTML pages: the leaderboard, an entrant, a game (the viewer), how to enter, signing in
//! and out, registering (when open), the submit form and a submission's page, the kits to
//! download and the site's own files. Every word a participant or a bot wrote is escaped.

use super::auth::{self, who};
use super::html::{csp_for, layout, rating_plot};
use super::upload::{take, Refused};
use super::AppState;
use crate::escape::html::escape_html as esc;
use crate::record::GameRecord;
use crate::serve::recipes::LANGUAGES;
use crate::serve::secrets;
use axum::extract::{Multipart, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::Form;
use serde::Deserialize;

const SITE_CSS: &str = include_str!("../assets/site.css");
const SITE_JS: &str = include_str!("../assets/site.js");

fn page(status: StatusCode, title: &str, who: Option<&str>, body: &str) -> Response {
    (status, Html(layout(title, who, body))).into_response()
}

fn name_of(p: &Option<crate::serve::store::Participant>) -> Option<&str> {
    p.as_ref().map(|p| p.name.as_str())
}

/// The games an entrant played (any version), newest first, with their numbers.
pub fn games_of<'a>(records: &'a [GameRecord], name: &str) -> Vec<(u64, &'a GameRecord)> {
    let prefix = format!("{name}@");
    records
        .iter()
        .rev()
        .filter(|r| r.white.starts_with(&prefix) || r.black.starts_with(&prefix))
        .map(|r| (r.game, r))
        .collect()
}

fn games_table(games: &[(u64, &GameRecord)]) -> String {
    let mut s = String::from(
        "<table><thead><tr><th>game</th><th>player 1</th><th>player 2</th><th>result</th>\
         <th>termination</th><th>plies</th></tr></thead><tbody>",
    );
    for (n, r) in games {
        s.push_str(&format!(
            "<tr><td><a href=\"/games/{n}\">{n}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&r.white),
            esc(&r.black),
            r.result.as_str(),
            r.termination.as_str(),
            r.plies
        ));
    }
    s.push_str("</tbody></table>");
    s
}

/// How many games the leaderboard lists, newest first.
pub const RECENT_GAMES: usize = 20;

/// The league's last [`RECENT_GAMES`] games, newest first, with their numbers.
pub fn recent_games(records: &[GameRecord]) -> Vec<(u64, &GameRecord)> {
    records
        .iter()
        .rev()
        .take(RECENT_GAMES)
        .map(|r| (r.game, r))
        .collect()
}

pub async fn leaderboard(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let me = who(&state, &headers).await;
    let snap = state.snapshot.get();
    let b = &snap.board;
    // The ids are where /assets/site.js puts what /api/leaderboard says, without a reload.
    let mut body = format!(
        "<p>{} · <span id=\"played\">{}</span> games played · <a href=\"/enter\">how to \
         enter</a></p>",
        esc(&b.ruleset),
        b.games
    );
    match &b.ratings_note {
        Some(note) => body.push_str(&format!(
            "<p class=\"note\" id=\"ratings-note\">{}</p>",
            esc(note)
        )),
        None => body.push_str("<p class=\"note\" id=\"ratings-note\" hidden></p>"),
    }
    body.push_str(
        "<table id=\"leaderboard\"><thead><tr><th>#</th><th>entrant</th><th>version</th>\
         <th>rating</th><th>games</th><th>points</th></tr></thead><tbody>",
    );
    for r in &b.active {
        let rating = match (r.rating, r.error95) {
            (Some(x), Some(e)) => format!("{x:.0} ± {e:.0}"),
            (Some(x), None) => format!("{x:.0}"),
            _ => "–".into(),
        };
        body.push_str(&format!(
            "<tr><td>{}</td><td><a href=\"/entrants/{n}\">{n}</a></td><td>{}</td><td>{rating}</td><td>{}</td><td>{}</td></tr>",
            r.rank,
            esc(&r.version),
            r.games,
            r.points,
            n = esc(&r.name)
        ));
    }
    body.push_str("</tbody></table><h2>Recent games</h2><div id=\"recent\">");
    body.push_str(&games_table(&recent_games(&snap.records)));
    body.push_str("</div>");
    page(StatusCode::OK, &b.league, name_of(&me), &body)
}

pub async fn entrant(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(name): Path<String>,
) -> Response {
    let me = who(&state, &headers).await;
    let snap = state.snapshot.get();
    let entrant = snap.board.entrants.iter().find(|e| e.name == name);
    if entrant.is_none() && !state.store.has_participant(&name).unwrap_or(false) {
        return not_found_for(name_of(&me));
    }
    let mut body = String::from("<h2>Versions</h2>");
    let versions = entrant.map_or(&[][..], |e| &e.versions[..]);
    if versions.is_empty() {
        body.push_str("<p>No version entered yet: <a href=\"/enter\">how to enter</a>.</p>");
    }
    body.push_str("<table><thead><tr><th>version</th><th>status</th><th>submitted</th><th>games</th></tr></thead><tbody>");
    for v in versions {
        body.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&v.version),
            esc(&v.status),
            esc(&v.submitted),
            v.games
        ));
    }
    body.push_str("</tbody></table><h2>Rating</h2>");
    let points: Vec<(u64, f64)> = state
        .store
        .ratings_of(&name)
        .unwrap_or_default()
        .iter()
        .map(|p| (p.games, p.rating))
        .collect();
    body.push_str(&rating_plot(&points));
    let games = games_of(&snap.records, &name);
    let prefix = format!("{name}@");
    let faults: Vec<&(u64, &GameRecord)> = games
        .iter()
        .filter(|(_, r)| {
            let lost = match r.result.as_str() {
                "1-0" => r.black.starts_with(&prefix),
                "0-1" => r.white.starts_with(&prefix),
                _ => false,
            };
            lost && !matches!(
                r.termination.as_str(),
                "normal" | "adjudication" | "resignation"
            )
        })
        .collect();
    body.push_str(&format!("<h2>Faults ({})</h2>", faults.len()));
    if faults.is_empty() {
        body.push_str("<p>None: every game lost was lost on the board.</p>");
    } else {
        body.push_str("<table><thead><tr><th>game</th><th>termination</th><th>reason</th></tr></thead><tbody>");
        for (n, r) in faults.iter().take(50) {
            body.push_str(&format!(
                "<tr><td><a href=\"/games/{n}\">{n}</a></td><td>{}</td><td>{}</td></tr>",
                r.termination.as_str(),
                esc(&r.reason)
            ));
        }
        body.push_str("</tbody></table>");
    }
    body.push_str(&format!("<h2>Recent games ({} in all)</h2>", games.len()));
    body.push_str(&games_table(&games[..games.len().min(30)]));
    if me.as_ref().is_some_and(|p| p.name == name) {
        body.push_str("<h2>Your submissions</h2><ul>");
        for s in state.store.submissions_of(&name).unwrap_or_default() {
            body.push_str(&format!(
                "<li><a href=\"/submissions/{id}\">{id}</a> {} {}: {}</li>",
                esc(&s.language),
                esc(&s.filename),
                s.status.as_str(),
                id = s.id
            ));
        }
        body.push_str("</ul>");
    }
    page(StatusCode::OK, &name, name_of(&me), &body)
}

/// A game in the viewer: its own page, with its inline code listed by hash.
pub async fn game(State(state): State<AppState>, Path(n): Path<String>) -> Response {
    let snap = state.snapshot.get();
    let Some(rec) = n
        .parse::<u64>()
        .ok()
        .and_then(|n| snap.records.iter().find(|r| r.game == n))
    else {
        return not_found_for(None);
    };
    let view = crate::view::game_view::build(rec.game as usize, rec, [Vec::new(), Vec::new()]);
    let title = format!("{}: game {}", snap.board.league, rec.game);
    let html = crate::view::page::render(&title, &[view], None);
    let csp = csp_for(&html);
    ([(header::CONTENT_SECURITY_POLICY, csp)], Html(html)).into_response()
}

pub async fn enter(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let me = who(&state, &headers).await;
    let board = &state.snapshot.get().board;
    let text = std::fs::read_to_string(state.league.dir.join(crate::league::folder::SETTINGS_FILE))
        .unwrap_or_default();
    let settings: toml::Table = toml::from_str(&text).unwrap_or_default();
    let mut rows = String::new();
    for (k, v) in &settings {
        // Paths and the seed are the host's business.
        if ["openings", "workdir", "sandbox-read", "seed", "event"].contains(&k.as_str())
            || v.is_table()
        {
            continue;
        }
        rows.push_str(&format!(
            "<tr><th>{}</th><td>{}</td></tr>",
            esc(k),
            esc(&v.to_string())
        ));
    }
    let langs: String = LANGUAGES
        .iter()
        .map(|(l, what)| {
            let kit = if *l == "binary" {
                String::new()
            } else {
                format!(" · <a href=\"/kits/{l}.tar.gz\">starter kit</a>")
            };
            format!("<li><code>{l}</code>: {}{kit}</li>", esc(what))
        })
        .collect();
    let body = format!(
        "<p>The game is <b>{ruleset}</b>; each kit's README points to its rules. \
         A bot is a program that speaks baraza's protocol on its standard input and output.</p>\
         <h2>The league's settings</h2><table>{rows}</table>\
         <h2>Languages</h2><ul>{langs}</ul>\
         <h2>Steps</h2><ol><li>Ask the host for a token (or register, if registration is open).</li>\
         <li>Download a starter kit, make it play better, test it with <code>baraza check-bot</code>.</li>\
         <li><a href=\"/login\">Sign in</a> and <a href=\"/submit\">submit</a> the source file (or a .zip or .tar.gz of your folder). \
         It is built without network, checked by check-bot under the settings above, and entered as your next version; \
         its first games are placement games.</li></ol>\
         <h2>From a script</h2><pre>curl -H 'Authorization: Bearer TOKEN' -F language=c -F source=@bot.c SITE/api/submissions\n\
curl -H 'Authorization: Bearer TOKEN' SITE/api/submissions/ID</pre>",
        ruleset = esc(&board.ruleset),
    );
    page(StatusCode::OK, "How to enter", name_of(&me), &body)
}

pub async fn login_page(State(state): State<AppState>) -> Response {
    let register = if state.open_registration {
        "<h2>New here?</h2><form method=\"post\" action=\"/register\"><label>name <input name=\"name\" \
         pattern=\"[A-Za-z0-9_-]{1,32}\" required></label> <button>register</button></form>"
    } else {
        "<p>The host gives each participant a token.</p>"
    };
    let body = format!(
        "<form method=\"post\" action=\"/login\"><label>token <input name=\"token\" type=\"password\" \
         autocomplete=\"current-password\" required></label> <button>sign in</button></form>{register}"
    );
    page(StatusCode::OK, "Sign in", None, &body)
}

#[derive(Deserialize)]
pub struct LoginForm {
    token: String,
}

pub async fn login(State(state): State<AppState>, Form(f): Form<LoginForm>) -> Response {
    let Some(p) = auth::by_token(&state, &f.token).await else {
        return page(
            StatusCode::UNAUTHORIZED,
            "Sign in",
            None,
            "<p>That token is not valid. <a href=\"/login\">Try again</a>.</p>",
        );
    };
    let (value, digest) = secrets::new_session();
    if let Err(e) = state.store.add_session(&digest, p.id) {
        return page(
            StatusCode::INTERNAL_SERVER_ERROR,
            "Sign in",
            None,
            &esc(&e.to_string()),
        );
    }
    let mut r = Redirect::to(&format!("/entrants/{}", p.name)).into_response();
    r.headers_mut().insert(
        header::SET_COOKIE,
        auth::set_cookie(Some(&value)).parse().expect("a cookie"),
    );
    r
}

pub async fn logout(State(state): State<AppState>, headers: HeaderMap) -> Response {
    if let Some(v) = auth::session_cookie(&headers) {
        let _ = state.store.end_session(&secrets::session_digest(&v));
    }
    let mut r = Redirect::to("/").into_response();
    r.headers_mut().insert(
        header::SET_COOKIE,
        auth::set_cookie(None).parse().expect("a cookie"),
    );
    r
}

#[derive(Deserialize)]
pub struct RegisterForm {
    name: String,
}

pub async fn register(State(state): State<AppState>, Form(f): Form<RegisterForm>) -> Response {
    if !state.open_registration {
        return page(
            StatusCode::FORBIDDEN,
            "Register",
            None,
            "<p>Registration is closed: ask the host for a token.</p>",
        );
    }
    if !state.registrations.allow(std::time::Instant::now()) {
        return page(
            StatusCode::TOO_MANY_REQUESTS,
            "Register",
            None,
            "<p>Too many registrations this minute: try again in a minute.</p>",
        );
    }
    match crate::serve::invite::invite(&state.store, &f.name) {
        Ok(token) => page(
            StatusCode::OK,
            "Registered",
            None,
            &format!(
                "<p>Your token (shown once: keep it):</p><pre>{}</pre><p><a href=\"/login\">Sign in</a> with it.</p>",
                esc(&token)
            ),
        ),
        Err(e) => page(StatusCode::BAD_REQUEST, "Register", None, &format!("<p>{}</p>", esc(&e.to_string()))),
    }
}

pub async fn submit_page(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let Some(me) = who(&state, &headers).await else {
        return Redirect::to("/login").into_response();
    };
    let options: String = LANGUAGES
        .iter()
        .map(|(l, what)| format!("<option value=\"{l}\">{}</option>", esc(what)))
        .collect();
    let body = format!(
        "<form method=\"post\" action=\"/submit\" enctype=\"multipart/form-data\">\
         <p><label>language <select name=\"language\">{options}</select></label></p>\
         <p><label>source <input type=\"file\" name=\"source\" required></label> (one file, or a .zip or .tar.gz; at most {} MB)</p>\
         <p><button>submit</button></p></form>",
        super::MAX_UPLOAD >> 20
    );
    page(StatusCode::OK, "Submit a version", Some(&me.name), &body)
}

pub async fn submit_form(
    State(state): State<AppState>,
    headers: HeaderMap,
    form: Multipart,
) -> Response {
    let Some(me) = who(&state, &headers).await else {
        return page(
            StatusCode::UNAUTHORIZED,
            "Submit",
            None,
            "<p><a href=\"/login\">Sign in</a> first.</p>",
        );
    };
    match take(&state, &me, form).await {
        Ok(id) => Redirect::to(&format!("/submissions/{id}")).into_response(),
        Err(Refused(status, message)) => page(
            status,
            "Submit",
            Some(&me.name),
            &format!("<p>Refused: {}</p>", esc(&message)),
        ),
    }
}

pub async fn submission(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let Some(me) = who(&state, &headers).await else {
        return Redirect::to("/login").into_response();
    };
    let found = id
        .parse::<i64>()
        .ok()
        .and_then(|id| state.store.submission(id).ok().flatten())
        .filter(|s| s.participant == me.name);
    let Some(s) = found else {
        return not_found_for(Some(&me.name));
    };
    let version = s
        .version
        .as_deref()
        .map(|v| format!(" as {}", esc(v)))
        .unwrap_or_default();
    let body = format!(
        "<p id=\"status\" data-final=\"{}\" data-id=\"{}\">{} {}: <b>{}</b>{version}</p><pre id=\"report\">{}</pre>",
        s.status.is_final(),
        s.id,
        esc(&s.language),
        esc(&s.filename),
        s.status.as_str(),
        esc(&s.report)
    );
    page(
        StatusCode::OK,
        &format!("Submission {}", s.id),
        Some(&me.name),
        &body,
    )
}

/// `/kits/LANG.tar.gz`: the starter kit of `baraza new-bot LANG`, as an archive.
pub async fn kit(Path(file): Path<String>) -> Response {
    let Some(kit) = file.strip_suffix(".tar.gz").and_then(crate::kits::find) else {
        return not_found_for(None);
    };
    match crate::serve::kit_archive::tar_gz(kit) {
        Ok(bytes) => (
            [
                (header::CONTENT_TYPE, "application/gzip".to_string()),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{}-kit.tar.gz\"", kit.language),
                ),
            ],
            bytes,
        )
            .into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

/// Browsers ask for it on every page: an empty answer rather than a 404 in their console.
pub async fn favicon() -> Response {
    StatusCode::NO_CONTENT.into_response()
}

pub async fn asset(Path(file): Path<String>) -> Response {
    match file.as_str() {
        "site.css" => (
            [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
            SITE_CSS,
        )
            .into_response(),
        "site.js" => (
            [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
            SITE_JS,
        )
            .into_response(),
        _ => not_found_for(None),
    }
}

fn not_found_for(who: Option<&str>) -> Response {
    page(
        StatusCode::NOT_FOUND,
        "Not found",
        who,
        "<p>There is no such page. <a href=\"/\">The leaderboard</a>.</p>",
    )
}

pub async fn not_found() -> Response {
    not_found_for(None)
}
