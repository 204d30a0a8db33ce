//! A submission taken from a multipart request: the fields `language` and `source` (the file),
//! checked, its file written under the submission's id as the row is committed
//! ([`crate::serve::store::Store::add_submission`]), and the build worker woken.

use super::AppState;
use crate::serve::archive::{kind_of, safe_file_name, unpack, Kind};
use crate::serve::recipes::LANGUAGES;
use crate::serve::store::Participant;
use axum::extract::Multipart;
use axum::http::StatusCode;

/// Why an upload was refused, with the status to answer.
pub struct Refused(pub StatusCode, pub String);

/// Read the form and queue the submission; its id.
pub async fn take(
    state: &AppState,
    who: &Participant,
    mut form: Multipart,
) -> Result<i64, Refused> {
    let bad = |m: String| Refused(StatusCode::BAD_REQUEST, m);
    let mut language: Option<String> = None;
    let mut source: Option<(String, axum::body::Bytes)> = None;
    loop {
        let field = match form.next_field().await {
            Ok(Some(f)) => f,
            Ok(None) => break,
            Err(e) => return Err(Refused(e.status(), e.body_text())),
        };
        match field.name() {
            Some("language") => {
                language = Some(
                    field
                        .text()
                        .await
                        .map_err(|e| Refused(e.status(), e.body_text()))?,
                )
            }
            Some("source") => {
                let name = field.file_name().unwrap_or("").to_string();
                let bytes = field
                    .bytes()
                    .await
                    .map_err(|e| Refused(e.status(), e.body_text()))?;
                source = Some((name, bytes));
            }
            _ => {}
        }
    }
    let language = language.ok_or_else(|| bad("the form has no field 'language'".into()))?;
    let language = language.trim().to_ascii_lowercase();
    if !LANGUAGES.iter().any(|(l, _)| *l == language) {
        let names: Vec<&str> = LANGUAGES.iter().map(|(l, _)| *l).collect();
        return Err(bad(format!("'language' is one of {}", names.join(", "))));
    }
    let (name, bytes) = source.ok_or_else(|| bad("the form has no file field 'source'".into()))?;
    if bytes.is_empty() {
        return Err(bad("the file is empty".into()));
    }
    // A file's name as sent may be a path (some clients send it whole): its last part.
    let name = name.rsplit(['/', '\\']).next().unwrap_or("").to_string();
    let name = match (kind_of(&name), name.is_empty()) {
        (_, true) => default_name(&language).to_string(),
        (Kind::Single, false) => safe_file_name(&name)
            .map_err(|e| bad(e.to_string()))?
            .to_string(),
        (_, false) => {
            if kind_of(&name) == Kind::Zip {
                "upload.zip".into()
            } else {
                "upload.tar.gz".into()
            }
        }
    };
    if kind_of(&name) != Kind::Single {
        refuse_bad_archive(state, &name, &bytes).await?;
    }
    let store = state.store.clone();
    let folders = state.folders.clone();
    let participant = who.id;
    let id = tokio::task::spawn_blocking(move || {
        store.add_submission(participant, &language, &name, |id| {
            let dir = folders.upload_dir(id);
            if dir.exists() {
                // Left by a server killed before its row was committed.
                std::fs::remove_dir_all(&dir)?;
            }
            std::fs::create_dir_all(&dir)?;
            let path = dir.join(&name);
            std::fs::write(&path, &bytes)?;
            std::fs::File::open(&path)?.sync_all()
        })
    })
    .await
    .map_err(|e| Refused(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
    .map_err(|e| Refused(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    state.arrivals.notify();
    eprintln!("serve: submission {id} by {}: queued", who.name);
    Ok(id)
}

/// An archive that cannot be unpacked safely is refused now, with the reason, rather than
/// queued: it is tried in a scratch folder of the server's, then removed.
async fn refuse_bad_archive(
    state: &AppState,
    name: &str,
    bytes: &axum::body::Bytes,
) -> Result<(), Refused> {
    let incoming = state.folders.incoming();
    let (name, bytes) = (name.to_string(), bytes.clone());
    let tried = tokio::task::spawn_blocking(move || {
        std::fs::create_dir_all(&incoming)?;
        let scratch = tempfile::tempdir_in(&incoming)?;
        Ok::<_, std::io::Error>(unpack(&bytes, &name, scratch.path()).map(|_| ()))
    })
    .await
    .map_err(|e| Refused(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
    .map_err(|e| Refused(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    tried.map_err(|e| Refused(StatusCode::UNPROCESSABLE_ENTITY, format!("refused: {e}")))
}

/// The name a file sent without one is given.
fn default_name(language: &str) -> &'static str {
    match language {
        "c" => "bot.c",
        "cpp" => "bot.cpp",
        "go" => "main.go",
        "java" => "Bot.java",
        "javascript" => "bot.js",
        "python" => "bot.py",
        "rust" => "main.rs",
        _ => "bot",
    }
}
