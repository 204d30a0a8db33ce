//! The live page sink (`match`/`tournament --live FILE`): it keeps the state of the run (the
//! games being played with their moves so far, the finished games, the table) and a writer
//! thread rewrites the page ([`crate::view::live`]) from it every few seconds.
//!
//! The referee must not feel it: on the run's thread the sink only records what happened
//! (a move is a push onto its game, under a lock nobody holds for long); building the views,
//! rendering and writing happen on the writer thread, off the turn loop. Each write goes to
//! a temporary file in the same folder, renamed over FILE, so a web server never serves a
//! half-written page.

use super::{RunEvent, Sink, SinkError};
use crate::escape::host_paths::HostPaths;
use crate::record::GameRecord;
use crate::tournament::log::games_jsonl::GameLine;
use crate::tournament::plan::schedule::ScheduledGame;
use crate::tournament::table::results::Standings;
use crate::view::live::{self as page, PageGame};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime};

/// How often the page is rewritten by default (and how often it reloads in the browser).
pub const DEFAULT_EVERY: Duration = Duration::from_secs(2);

/// `--live-every SECONDS`: the time between two writes of the page, 0.1 s to an hour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LiveEvery(pub Duration);

impl Default for LiveEvery {
    fn default() -> Self {
        LiveEvery(DEFAULT_EVERY)
    }
}

impl std::str::FromStr for LiveEvery {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let secs: f64 = s
            .trim()
            .parse()
            .map_err(|_| format!("'{s}' is not a number of seconds (e.g. 2 or 0.5)"))?;
        if !(0.1..=3600.0).contains(&secs) {
            return Err(format!("{s} s is out of range: from 0.1 to 3600 seconds"));
        }
        Ok(LiveEvery(Duration::from_secs_f64(secs)))
    }
}

/// What the page is and where it goes.
pub struct LiveOptions {
    pub path: PathBuf,
    pub every: Duration,
    /// The page's title (the event's name).
    pub title: String,
    /// The host's paths, taken out of what the bots wrote before it is on the page.
    pub host_paths: HostPaths,
}

/// The live page of one run.
pub struct LiveSink {
    shared: Arc<Shared>,
    writer: Option<std::thread::JoinHandle<()>>,
    path: PathBuf,
}

struct Shared {
    state: Mutex<State>,
    wake: Condvar,
}

/// What the run thread records and the writer thread reads.
#[derive(Default)]
struct State {
    /// Games being played, by schedule number: their id and record so far.
    running: BTreeMap<u64, (String, GameRecord)>,
    /// Finished games the writer has not taken yet.
    finished: Vec<(String, GameRecord)>,
    standings: Option<Standings>,
    done: usize,
    scheduled: usize,
    /// Something changed since the last write, and when.
    changed: Option<SystemTime>,
    /// The run is over (why, in a few words): one last write, then the writer stops.
    ended: Option<String>,
    /// The writer's first failure, not yet reported.
    error: Option<std::io::Error>,
}

fn lock(shared: &Shared) -> MutexGuard<'_, State> {
    shared.state.lock().unwrap_or_else(|e| e.into_inner())
}

impl LiveSink {
    /// Write the first page now (a path that cannot be written is refused before any game),
    /// with `done` (the games already in the log, on resume), the table so far and
    /// `scheduled` games to come; then start the writer.
    pub fn start<'g>(
        options: LiveOptions,
        scheduled: usize,
        standings: Standings,
        done: impl IntoIterator<Item = &'g GameLine>,
    ) -> Result<LiveSink, SinkError> {
        let mut writer = Writer {
            path: options.path.clone(),
            title: options.title,
            every: options.every,
            host_paths: options.host_paths,
            finished: Vec::new(),
            updated: page::clock_time(SystemTime::now()),
        };
        let mut state = State {
            scheduled,
            standings: Some(standings),
            ..State::default()
        };
        for line in done {
            state
                .finished
                .push((line.game_id.clone(), line.record.clone()));
            state.done += 1;
        }
        writer
            .write(&mut state, None)
            .map_err(|e| SinkError::new(&options.path, e))?;
        let shared = Arc::new(Shared {
            state: Mutex::new(state),
            wake: Condvar::new(),
        });
        let for_writer = Arc::clone(&shared);
        let handle = std::thread::Builder::new()
            .name("live page".into())
            .spawn(move || writer.run(&for_writer))
            .map_err(|e| SinkError::new(&options.path, e))?;
        Ok(LiveSink {
            shared,
            writer: Some(handle),
            path: options.path,
        })
    }

    /// The run is over: write the page once more, as final (`why`: `all 12 games played`),
    /// and stop the writer. The error of any write not reported yet.
    pub fn finish(mut self, why: &str) -> Result<(), SinkError> {
        self.end(why);
        match lock(&self.shared).error.take() {
            Some(e) => Err(SinkError::new(&self.path, e)),
            None => Ok(()),
        }
    }

    fn end(&mut self, why: &str) {
        let Some(handle) = self.writer.take() else {
            return;
        };
        {
            let mut st = lock(&self.shared);
            // Games still running now were dropped: they are not on the final page.
            st.running.clear();
            st.ended = Some(why.to_string());
            st.changed = Some(SystemTime::now());
        }
        self.shared.wake.notify_all();
        let _ = handle.join();
    }

    fn record(&self, event: &RunEvent<'_>) -> Option<std::io::Error> {
        let mut st = lock(&self.shared);
        match event {
            RunEvent::GameStarted { game } => {
                st.running
                    .insert(game.game, (game.game_id.clone(), skeleton(game)));
            }
            RunEvent::Opened { game, time_control } => {
                if let Some((_, r)) = st.running.get_mut(game) {
                    r.time_control = time_control.to_string();
                }
            }
            RunEvent::Moved {
                game,
                token,
                time_ms,
                info,
                ..
            } => {
                if let Some((_, r)) = st.running.get_mut(game) {
                    r.moves.push(token.to_string());
                    r.times_ms.push(*time_ms);
                    r.move_infos.push(info.map(str::to_string));
                }
            }
            RunEvent::NotPlayed { game, .. } => {
                st.running.remove(&game.game);
            }
            RunEvent::GameFinished {
                line,
                done,
                scheduled,
                tally,
            } => {
                st.running.remove(&line.record.game);
                st.finished
                    .push((line.game_id.clone(), line.record.clone()));
                st.done = *done;
                st.scheduled = *scheduled;
                st.standings = Some(tally.standings());
            }
            _ => return st.error.take(),
        }
        st.changed = Some(SystemTime::now());
        st.error.take()
    }
}

impl Sink for LiveSink {
    fn event(&mut self, event: &RunEvent<'_>) -> Result<(), SinkError> {
        match self.record(event) {
            Some(e) => Err(SinkError::new(&self.path, e)),
            None => Ok(()),
        }
    }

    fn follows_moves(&self) -> bool {
        true
    }
}

impl Drop for LiveSink {
    /// A run that ended in an error still leaves a page that no longer reloads.
    fn drop(&mut self) {
        self.end("stopped");
    }
}

/// A game's record before its first move: what the schedule says of it.
fn skeleton(game: &ScheduledGame) -> GameRecord {
    GameRecord {
        game: game.game,
        ruleset: game.start.split(' ').next().unwrap_or("").to_string(),
        white: game.white_name.clone(),
        black: game.black_name.clone(),
        start: game.start.clone(),
        seed: game.seed,
        round: game.round.to_string(),
        time_control: "-".into(),
        ..GameRecord::default()
    }
}

/// The writer thread's side: the finished games, serialized once each.
struct Writer {
    path: PathBuf,
    title: String,
    every: Duration,
    host_paths: HostPaths,
    finished: Vec<PageGame>,
    updated: String,
}

impl Writer {
    /// Every `every`, when something changed, write the page; after the run's end, once more.
    fn run(mut self, shared: &Shared) {
        loop {
            let mut st = lock(shared);
            let due = Instant::now() + self.every;
            while st.ended.is_none() {
                let now = Instant::now();
                if now >= due {
                    break;
                }
                st = shared
                    .wake
                    .wait_timeout(st, due - now)
                    .unwrap_or_else(|e| e.into_inner())
                    .0;
            }
            let last = st.ended.clone();
            if st.changed.is_none() && last.is_none() {
                continue;
            }
            // The lock is held while the state is copied, not while the page is made.
            let mut copy = State {
                standings: st.standings.clone(),
                done: st.done,
                scheduled: st.scheduled,
                changed: st.changed.take(),
                ended: last.clone(),
                finished: std::mem::take(&mut st.finished),
                running: st.running.clone(),
                error: None,
            };
            drop(st);
            if let Err(e) = self.write(&mut copy, last.as_deref()) {
                let mut st = lock(shared);
                if st.error.is_none() {
                    st.error = Some(e);
                }
            }
            if last.is_some() {
                return;
            }
        }
    }

    /// Render `st` (taking its finished games into this writer) and write the page.
    fn write(&mut self, st: &mut State, ended: Option<&str>) -> std::io::Result<()> {
        if let Some(t) = st.changed {
            self.updated = page::clock_time(t);
        }
        for (id, mut rec) in st.finished.drain(..) {
            rec.scrub_host_paths(&self.host_paths);
            let view = page::finished(rec.game as usize, &id, &rec);
            self.finished.push(PageGame::new(&view));
        }
        self.finished.sort_by_key(|g| g.n);
        let views: Vec<_> = st
            .running
            .values()
            .map(|(id, rec)| {
                let mut rec = rec.clone();
                rec.scrub_host_paths(&self.host_paths);
                page::in_progress(rec.game as usize, id, &rec)
            })
            .collect();
        let running: Vec<_> = views.iter().map(|v| (PageGame::new(v), v)).collect();
        let every = format!("{}", self.every.as_secs_f64());
        let html = page::render(&page::Snapshot {
            title: &self.title,
            finished: &self.finished,
            running: &running,
            standings: st.standings.as_ref(),
            done: st.done,
            scheduled: st.scheduled,
            updated: &self.updated,
            every: &every,
            every_ms: self.every.as_millis() as u64,
            ended,
        });
        replace_file(&self.path, html.as_bytes())
    }
}

/// Write `bytes` to a temporary file beside `path`, then rename it over `path`: a reader sees
/// the old page or the new one, never part of one. The file gets the usual permissions (a web
/// server must read it).
fn replace_file(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a file name"))?;
    let tmp = path.with_file_name(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_is_seconds_within_bounds() {
        assert_eq!(
            "0.5".parse::<LiveEvery>(),
            Ok(LiveEvery(Duration::from_millis(500)))
        );
        assert_eq!(
            "2".parse::<LiveEvery>(),
            Ok(LiveEvery(Duration::from_secs(2)))
        );
        assert!("0.05".parse::<LiveEvery>().is_err());
        assert!("3601".parse::<LiveEvery>().is_err());
        assert!("two".parse::<LiveEvery>().is_err());
        assert!("NaN".parse::<LiveEvery>().is_err());
    }

    #[test]
    fn replacing_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("live.html");
        replace_file(&path, b"one").unwrap();
        replace_file(&path, b"two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().collect();
        assert_eq!(names.len(), 1);
    }
}
