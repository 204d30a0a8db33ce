//! `baraza serve`: the real server on 127.0.0.1, a real HTTP client (ureq), real uploads of the
//! kits' bots, built in bubblewrap and checked by check-bot. What a site is driven with lives
//! here: [`Site`] starts the server and stops it by its pid; `upload` sends a multipart form.

use crate::support::*;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod browser;
mod participants;
mod refusals;
mod registration;
mod restarts;
mod slurm;

/// How long a submission may take to be built and checked, or a game to be played, on a busy
/// machine. Reached only when something is wrong.
pub const PATIENCE: Duration = Duration::from_secs(300);

/// A league folder for a site: sandboxed, Darra at a short move time with a wide margin (the
/// kits' bots use their time; a busy machine must not make forfeits of it), memory enough for
/// Go's runtime (it reserves about 768 MB of address space at start).
pub fn new_site_league(dir: &Path) -> PathBuf {
    let league = dir.join("league");
    baraza_ok([
        "league",
        "new",
        league.to_str().unwrap(),
        "--ruleset",
        "darra",
        "--movetime",
        "50",
        "--margin",
        "2000",
        "--sandbox",
        "--memory",
        "1024",
        "--seed",
        "7",
    ]);
    league
}

/// `baraza league invite`: the token, its last line.
pub fn invite(league: &Path, name: &str) -> String {
    let out = baraza_ok(["league", "invite", league.to_str().unwrap(), name]);
    out.lines().last().unwrap().to_string()
}

/// A running `baraza serve`, stopped (SIGTERM, then SIGKILL) when dropped.
pub struct Site {
    pub child: Child,
    pub url: String,
    pub stderr: PathBuf,
}

impl Site {
    pub fn start(league: &Path, extra: &[&str]) -> Site {
        Site::start_with_env(league, extra, &[])
    }

    /// Started with `env` added to its environment.
    pub fn start_with_env(league: &Path, extra: &[&str], env: &[(&str, &Path)]) -> Site {
        let stderr =
            league.with_extension(format!("serve-{}.err", Instant::now().elapsed().as_nanos()));
        let stderr = unique(&stderr);
        let mut child = Command::new(exe())
            .args([
                "serve",
                league.to_str().unwrap(),
                "--listen",
                "127.0.0.1:0",
                "--concurrency",
                "1",
            ])
            .args(extra)
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&stderr).unwrap())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        let Some(url) = first.trim().strip_prefix("listening on ") else {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "the first line was {first:?}; stderr: {}",
                std::fs::read_to_string(&stderr).unwrap_or_default()
            );
        };
        let url = url.to_string();
        Site { child, url, stderr }
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.stderr).unwrap_or_default()
    }

    /// Kill it at once, as a power cut or the OOM killer would.
    pub fn kill9(mut self) {
        send_signal(self.child.id(), libc::SIGKILL);
        let _ = self.child.wait();
    }

    pub fn get(&self, path: &str, token: Option<&str>) -> (u16, String) {
        let mut req = agent().get(&format!("{}{path}", self.url));
        if let Some(t) = token {
            req = req.set("Authorization", &format!("Bearer {t}"));
        }
        answer(req.call())
    }

    pub fn json(&self, path: &str, token: Option<&str>) -> serde_json::Value {
        let (status, body) = self.get(path, token);
        assert_eq!(status, 200, "GET {path}: {body}\n{}", self.log());
        serde_json::from_str(&body).unwrap()
    }

    /// POST a submission: (status, body).
    pub fn upload(
        &self,
        token: Option<&str>,
        language: &str,
        file_name: &str,
        bytes: &[u8],
    ) -> (u16, String) {
        let boundary = "----baraza-test-boundary-7d1f";
        let mut body = Vec::new();
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"language\"\r\n\r\n{language}\r\n").as_bytes(),
        );
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"source\"; filename=\"{file_name}\"\r\n\
                 Content-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let mut req = agent().post(&format!("{}/api/submissions", self.url)).set(
            "Content-Type",
            &format!("multipart/form-data; boundary={boundary}"),
        );
        if let Some(t) = token {
            req = req.set("Authorization", &format!("Bearer {t}"));
        }
        answer(req.send_bytes(&body))
    }

    /// Upload and return the new submission's id (the answer must be 202).
    pub fn submit(&self, token: &str, language: &str, file: &Path) -> i64 {
        let name = file.file_name().unwrap().to_str().unwrap();
        let (status, body) =
            self.upload(Some(token), language, name, &std::fs::read(file).unwrap());
        assert_eq!(status, 202, "{body}\n{}", self.log());
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v["status"], "queued", "{body}");
        v["id"].as_i64().unwrap()
    }

    /// Submission `id` once it is accepted or rejected.
    /// Submit each `(token, language, file)`, all before waiting (the builds queue), and
    /// assert that each is accepted.
    pub fn enter(&self, entries: &[(&str, &str, &Path)]) {
        let ids: Vec<i64> = entries
            .iter()
            .map(|(token, language, file)| self.submit(token, language, file))
            .collect();
        for ((token, language, file), id) in entries.iter().zip(ids) {
            let s = self.finished(token, id);
            assert_eq!(s["status"], "accepted", "{language} {file:?}: {s}");
        }
    }

    pub fn finished(&self, token: &str, id: i64) -> serde_json::Value {
        let start = Instant::now();
        loop {
            let s = self.json(&format!("/api/submissions/{id}"), Some(token));
            if s["status"] == "accepted" || s["status"] == "rejected" {
                return s;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "submission {id} still {} after {PATIENCE:?}\n{}",
                s["status"],
                self.log()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The leaderboard once `ready` holds of it.
    pub fn leaderboard_when(
        &self,
        what: &str,
        ready: impl Fn(&serde_json::Value) -> bool,
    ) -> serde_json::Value {
        let start = Instant::now();
        loop {
            let board = self.json("/api/leaderboard", None);
            if ready(&board) {
                return board;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "{what}: not within {PATIENCE:?}: {board}\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            send_signal(self.child.id(), libc::SIGTERM);
            let deadline = Instant::now() + Duration::from_secs(60);
            while let Ok(None) = self.child.try_wait() {
                if Instant::now() > deadline {
                    send_signal(self.child.id(), libc::SIGKILL);
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        }
    }
}

fn unique(p: &Path) -> PathBuf {
    let mut k = 0;
    loop {
        let candidate = PathBuf::from(format!("{}.{k}", p.display()));
        if !candidate.exists() {
            return candidate;
        }
        k += 1;
    }
}

fn agent() -> ureq::Agent {
    ureq::AgentBuilder::new()
        .timeout(Duration::from_secs(120))
        .build()
}

fn answer(r: Result<ureq::Response, ureq::Error>) -> (u16, String) {
    match r {
        Ok(res) => (res.status(), res.into_string().unwrap_or_default()),
        Err(ureq::Error::Status(code, res)) => (code, res.into_string().unwrap_or_default()),
        Err(e) => (0, e.to_string()),
    }
}

/// A kit written with `baraza new-bot LANG DIR`; the folder.
pub fn kit(dir: &Path, language: &str) -> PathBuf {
    let at = dir.join(format!("{language}-kit"));
    baraza_ok(["new-bot", language, at.to_str().unwrap()]);
    at
}
