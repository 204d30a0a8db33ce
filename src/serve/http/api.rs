//! The JSON API: submissions (a participant's own), the leaderboard, an entrant, the games as
//! files, and the health of the server.

use super::auth::who;
use super::upload::{take, Refused};
use super::AppState;
use crate::serve::store::Submission;
use axum::extract::{Multipart, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

fn error(status: StatusCode, message: &str) -> Response {
    (status, Json(json!({ "error": message }))).into_response()
}

fn unauthorized() -> Response {
    let mut r = error(
        StatusCode::UNAUTHORIZED,
        "a valid token is needed: `Authorization: Bearer TOKEN` (the host's `baraza league invite` gives one)",
    );
    r.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        "Bearer".parse().expect("a header value"),
    );
    r
}

/// `POST /api/submissions`: 202 and the submission's id, queued.
pub async fn submit(
    State(state): State<AppState>,
    headers: HeaderMap,
    form: Multipart,
) -> Response {
    let Some(p) = who(&state, &headers).await else {
        return unauthorized();
    };
    match take(&state, &p, form).await {
        Ok(id) => (
            StatusCode::ACCEPTED,
            Json(json!({ "id": id, "status": "queued", "url": format!("/api/submissions/{id}") })),
        )
            .into_response(),
        Err(Refused(status, message)) => error(status, &message),
    }
}

fn submission_json(s: &Submission) -> serde_json::Value {
    serde_json::to_value(s).expect("a submission serializes")
}

/// `GET /api/submissions/ID`: one of the asker's own submissions.
pub async fn submission(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let Some(p) = who(&state, &headers).await else {
        return unauthorized();
    };
    let Ok(id) = id.parse::<i64>() else {
        return error(StatusCode::NOT_FOUND, "no such submission");
    };
    // Another participant's submission is as unknown as one that does not exist.
    match (state.store.owner(id), state.store.submission(id)) {
        (Ok(Some(owner)), Ok(Some(s))) if owner == p.id => {
            Json(submission_json(&s)).into_response()
        }
        (Err(e), _) | (_, Err(e)) => error(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
        _ => error(StatusCode::NOT_FOUND, "no such submission of yours"),
    }
}

/// `GET /api/submissions`: the asker's submissions, newest first.
pub async fn my_submissions(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let Some(p) = who(&state, &headers).await else {
        return unauthorized();
    };
    match state.store.submissions_of(&p.name) {
        Ok(list) => Json(json!({ "submissions": list })).into_response(),
        Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
    }
}

/// `GET /api/leaderboard`.
pub async fn leaderboard(State(state): State<AppState>) -> Response {
    let snap = state.snapshot.get();
    let b = &snap.board;
    let rows: Vec<_> = b
        .active
        .iter()
        .map(|r| {
            json!({
                "rank": r.rank, "name": r.name, "version": r.version, "id": r.id,
                "rating": r.rating, "error95": r.error95, "games": r.games, "points": r.points,
            })
        })
        .collect();
    let recent: Vec<_> = super::pages::recent_games(&snap.records)
        .iter()
        .map(|(n, r)| {
            json!({
                "game": n, "white": r.white, "black": r.black, "result": r.result.as_str(),
                "termination": r.termination.as_str(), "plies": r.plies,
            })
        })
        .collect();
    Json(json!({
        "league": b.league, "ruleset": b.ruleset, "games": b.games,
        "ratings_note": b.ratings_note, "rows": rows, "recent": recent,
    }))
    .into_response()
}

/// `GET /api/entrants/NAME`: its versions, rating history and games.
pub async fn entrant(State(state): State<AppState>, Path(name): Path<String>) -> Response {
    let snap = state.snapshot.get();
    let Some(e) = snap.board.entrants.iter().find(|e| e.name == name) else {
        return error(StatusCode::NOT_FOUND, "no such entrant");
    };
    let ratings = state.store.ratings_of(&name).unwrap_or_default();
    let games = super::pages::games_of(&snap.records, &name);
    let games: Vec<_> = games
        .iter()
        .map(|(n, r)| {
            json!({
                "game": n, "white": r.white, "black": r.black, "result": r.result.as_str(),
                "termination": r.termination.as_str(), "reason": r.reason, "plies": r.plies,
            })
        })
        .collect();
    Json(json!({ "name": e.name, "versions": e.versions, "ratings": ratings, "games": games }))
        .into_response()
}

/// `GET /health`: the server answers, and how much work it has.
pub async fn health(State(state): State<AppState>) -> Response {
    let queued = state.store.unfinished().map(|u| u.len()).unwrap_or(0);
    let snap = state.snapshot.get();
    Json(json!({ "status": "ok", "games": snap.board.games, "submissions_waiting": queued }))
        .into_response()
}

/// A games file of the league, the host's paths taken out of it line by line.
async fn games_file(state: &AppState, name: &str, content_type: &'static str) -> Response {
    let path = state.league.dir.join(name);
    let league_dir = state.league.dir.clone();
    let text = tokio::task::spawn_blocking(move || {
        let paths =
            crate::escape::host_paths::HostPaths::of_this_process().with_output(&league_dir);
        std::fs::read_to_string(&path).map(|t| paths.scrub(&t).into_owned())
    })
    .await;
    match text {
        Ok(Ok(t)) => ([(header::CONTENT_TYPE, content_type)], t).into_response(),
        _ => ([(header::CONTENT_TYPE, content_type)], String::new()).into_response(),
    }
}

pub async fn games_jsonl(State(state): State<AppState>) -> Response {
    games_file(&state, "games.jsonl", "application/jsonl; charset=utf-8").await
}

pub async fn games_pgn(State(state): State<AppState>) -> Response {
    games_file(
        &state,
        "games.pgn",
        "application/x-chess-pgn; charset=utf-8",
    )
    .await
}
