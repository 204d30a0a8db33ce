//! What the site refuses, with nothing written outside its folders and the server still
//! serving: requests without a valid token or for another's submission, archives that would
//! leave their folder, hold a link or unpack to too much, and an upload too large.

use super::*;
use std::io::{Cursor, Write};

fn zip_of(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in files {
        w.start_file(*name, opts).unwrap();
        w.write_all(data).unwrap();
    }
    w.finish().unwrap().into_inner()
}

/// Every file name under `dir`, however deep.
fn all_names(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() && !p.is_symlink() {
                stack.push(p.clone());
            }
            out.push(p.file_name().unwrap().to_string_lossy().into_owned());
        }
    }
    out
}

#[test]
#[cfg_attr(not(tool_bwrap), ignore = "needs bubblewrap (bwrap)")]
fn tokens_archives_and_sizes_are_refused_and_the_site_goes_on() {
    need(Tool::Bwrap);
    let dir = temp_dir("serve-refusals");
    let league = new_site_league(&dir);
    let alice = invite(&league, "alice");
    let bob = invite(&league, "bob");
    let site = Site::start(&league, &[]);
    let script = b"import sys\nsys.exit(0)\n";

    // No token, a wrong one (a real one with a changed secret), a malformed one.
    assert_eq!(site.upload(None, "python", "bot.py", script).0, 401);
    let mut wrong = alice.clone().into_bytes();
    let last = wrong.len() - 1;
    wrong[last] = if wrong[last] == b'0' { b'1' } else { b'0' };
    let wrong = String::from_utf8(wrong).unwrap();
    assert_eq!(site.upload(Some(&wrong), "python", "bot.py", script).0, 401);
    assert_eq!(
        site.upload(Some("hello"), "python", "bot.py", script).0,
        401
    );
    assert_eq!(site.get("/api/submissions/1", None).0, 401);

    // Another participant's submission is not found for bob; alice sees it.
    let (status, body) = site.upload(Some(&alice), "python", "bot.py", script);
    assert_eq!(status, 202, "{body}");
    let id: serde_json::Value = serde_json::from_str(&body).unwrap();
    let path = format!("/api/submissions/{}", id["id"]);
    assert_eq!(site.get(&path, Some(&bob)).0, 404);
    assert_eq!(site.get(&path, Some(&alice)).0, 200);

    // Archives: a path out of the folder, a link, a bomb (65 MB of zeros in a few hundred KB).
    let climbing = zip_of(&[("../../../evil-climbed.py", b"x")]);
    let (status, body) = site.upload(Some(&alice), "python", "bot.zip", &climbing);
    assert_eq!(status, 422, "{body}");
    assert!(body.contains("leaves the archive's folder"), "{body}");
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    w.add_symlink(
        "evil-link",
        "/etc/passwd",
        zip::write::SimpleFileOptions::default(),
    )
    .unwrap();
    let link = w.finish().unwrap().into_inner();
    let (status, body) = site.upload(Some(&alice), "python", "bot.zip", &link);
    assert_eq!(status, 422, "{body}");
    assert!(body.contains("is a link"), "{body}");
    let zeros = vec![0u8; 65 << 20];
    let bomb = zip_of(&[("bot.py", &zeros)]);
    assert!(bomb.len() < 1 << 20, "{}", bomb.len());
    let (status, body) = site.upload(Some(&alice), "python", "bot.zip", &bomb);
    assert_eq!(status, 422, "{body}");
    assert!(body.contains("unpacks to more than 64 MB"), "{body}");

    // An upload of 200 MB: refused for its size (the server may close the connection while it
    // is still being sent: then the client sees no status at all).
    let huge = vec![b'#'; 200 << 20];
    let (status, body) = site.upload(Some(&alice), "python", "bot.py", &huge);
    assert!(
        status == 413 || status == 0,
        "{status}: {}",
        body.chars().take(200).collect::<String>()
    );
    drop(huge);

    // Nothing was written outside the server's folders, and no archive left a file behind.
    let names = all_names(&dir);
    assert!(!names.iter().any(|n| n.starts_with("evil")), "{names:?}");
    assert!(!std::env::temp_dir().join("evil-climbed.py").exists());
    // Only the one accepted upload was kept; the server still answers.
    let uploads = std::fs::read_dir(league.join("serve/uploads"))
        .unwrap()
        .count();
    assert_eq!(uploads, 1);
    let health = site.json("/health", None);
    assert_eq!(health["status"], "ok");
}

/// A league that does not sandbox its bots is refused a server, in one line, before anything
/// listens or any file of the server's is made.
#[test]
fn a_league_without_the_sandbox_is_not_served() {
    let dir = temp_dir("serve-unsandboxed");
    let league = dir.join("league");
    baraza_ok([
        "league",
        "new",
        league.to_str().unwrap(),
        "--ruleset",
        "darra",
    ]);
    let err = refused(
        &["serve", league.to_str().unwrap(), "--listen", "127.0.0.1:0"],
        1,
    );
    assert!(
        err.contains("does not sandbox its bots") && err.contains("sandbox = true"),
        "{err}"
    );
    assert!(!league.join("serve.sqlite").exists());
}
