//! `baraza match`, as the tests run it: a builder of its command line (beside the tournament
//! one) and what a run gave, its console lines timed game by game and its JSONL log read back.

use super::{exe, read_jsonl, refused, text};
use std::ffi::{OsStr, OsString};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// `baraza match RULESET BOT1 BOT2`, to add options to and run: the start of every match
/// test's command line.
///
/// ```ignore
/// let run = Match::new("darra", FIRST_BOT, "builtin:random").games(2).jsonl(&jsonl).played();
/// let games = run.records(2);
/// ```
#[derive(Clone, Debug)]
pub struct Match {
    args: Vec<OsString>,
    /// The `--jsonl` log, where [`MatchRun::records`] reads the games.
    jsonl: Option<PathBuf>,
    /// Changes to baraza's environment: a variable set, or removed (`None`).
    env: Vec<(OsString, Option<OsString>)>,
}

impl Match {
    /// A match of `ruleset` between `bot1` (player 1 of game 1) and `bot2`, each a command
    /// line or `builtin:NAME`.
    pub fn new(ruleset: &str, bot1: impl AsRef<OsStr>, bot2: impl AsRef<OsStr>) -> Match {
        let args = [
            "match".as_ref(),
            ruleset.as_ref(),
            bot1.as_ref(),
            bot2.as_ref(),
        ];
        Match {
            args: args.iter().map(|a: &&OsStr| a.to_os_string()).collect(),
            jsonl: None,
            env: Vec::new(),
        }
    }
    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> Self {
        self.args.push(arg.as_ref().to_owned());
        self
    }
    pub fn args<I, S>(mut self, args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.args
            .extend(args.into_iter().map(|a| a.as_ref().to_owned()));
        self
    }
    /// `OPTION VALUE`.
    fn option(self, option: &str, value: impl ToString) -> Self {
        self.arg(option).arg(value.to_string())
    }
    /// `--games N`.
    pub fn games(self, n: u32) -> Self {
        self.option("--games", n)
    }
    /// `--movetime MS`.
    pub fn movetime(self, ms: u64) -> Self {
        self.option("--movetime", ms)
    }
    /// `--tc TC`.
    pub fn tc(self, tc: &str) -> Self {
        self.option("--tc", tc)
    }
    /// `--max-plies N`.
    pub fn max_plies(self, n: u32) -> Self {
        self.option("--max-plies", n)
    }
    /// `--seed N`.
    pub fn seed(self, seed: u64) -> Self {
        self.option("--seed", seed)
    }
    /// `--start POSITION`.
    pub fn start(self, position: &str) -> Self {
        self.option("--start", position)
    }
    /// `--name1 NAME1 --name2 NAME2`.
    pub fn names(self, name1: &str, name2: &str) -> Self {
        self.option("--name1", name1).option("--name2", name2)
    }
    /// `--jsonl PATH`, where [`MatchRun::records`] reads the games back.
    pub fn jsonl(mut self, path: impl AsRef<Path>) -> Self {
        self.jsonl = Some(path.as_ref().to_owned());
        self.arg("--jsonl").arg(path.as_ref())
    }
    /// `--pgn PATH`.
    pub fn pgn(self, path: impl AsRef<Path>) -> Self {
        self.arg("--pgn").arg(path.as_ref())
    }
    /// `--logs DIR`.
    pub fn logs(self, dir: impl AsRef<Path>) -> Self {
        self.arg("--logs").arg(dir.as_ref())
    }
    /// `--transcript DIR`.
    pub fn transcript(self, dir: impl AsRef<Path>) -> Self {
        self.arg("--transcript").arg(dir.as_ref())
    }
    /// The variable `key` set to `value` in baraza's environment (e.g. `BARAZA_ISOLATION`).
    pub fn env(mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> Self {
        let value = Some(value.as_ref().to_owned());
        self.env.push((key.as_ref().to_owned(), value));
        self
    }
    /// The variable `key` removed from baraza's environment.
    pub fn env_remove(mut self, key: impl AsRef<OsStr>) -> Self {
        self.env.push((key.as_ref().to_owned(), None));
        self
    }
    /// Its arguments, `match` first.
    pub fn argv(&self) -> &[OsString] {
        &self.args
    }
    /// The command, to run and assert on.
    pub fn command(&self) -> assert_cmd::Command {
        assert_cmd::Command::from_std(self.process())
    }
    /// The command as a std one with no input, to spawn.
    pub fn process(&self) -> Command {
        let mut cmd = Command::new(exe());
        cmd.args(&self.args).stdin(Stdio::null());
        for (key, value) in &self.env {
            match value {
                Some(value) => cmd.env(key, value),
                None => cmd.env_remove(key),
            };
        }
        cmd
    }
    /// Run it, which must be refused before any game: exit status `code`, the one line on
    /// stderr ([`super::refused`]); that stderr.
    pub fn refused(&self, code: i32) -> String {
        assert!(
            self.env.is_empty(),
            "refused() runs baraza in the test's environment"
        );
        let args: Vec<&str> = self.args.iter().map(|a| a.to_str().unwrap()).collect();
        refused(&args, code)
    }
    /// Run it to its end: its exit status and output, whatever they are.
    pub fn output(&self) -> Output {
        self.process().output().expect("baraza starts")
    }
    /// Run it to its end, timing every `game N:` line as it arrives.
    pub fn run(&self) -> MatchRun {
        let start = Instant::now();
        let mut child = self
            .process()
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("baraza starts");
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (mut all, mut lines) = (Vec::new(), Vec::new());
        let mut game_times = Vec::new();
        let mut last = start;
        loop {
            let from = all.len();
            if stdout.read_until(b'\n', &mut all).unwrap() == 0 {
                break;
            }
            let line = text(&all[from..]);
            let line = line.strip_suffix('\n').unwrap_or(&line);
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.starts_with("game ") {
                let now = Instant::now();
                game_times.push(now - last);
                last = now;
            }
            lines.push(line.to_string());
        }
        let out = child.wait_with_output().unwrap();
        MatchRun {
            success: out.status.success(),
            stdout: lines,
            stdout_text: text(&all),
            stderr: text(&out.stderr),
            game_times,
            total: start.elapsed(),
            jsonl: self.jsonl.clone(),
        }
    }
    /// [`Match::run`], which must succeed (else the test fails with its stderr).
    pub fn played(&self) -> MatchRun {
        let run = self.run();
        assert!(run.success, "{:?}: {}", self.args, run.stderr);
        run
    }
}

/// A finished `baraza match`.
pub struct MatchRun {
    pub success: bool,
    /// Its console lines.
    pub stdout: Vec<String>,
    /// Its stdout whole.
    pub stdout_text: String,
    pub stderr: String,
    /// Wall time of each game, from the previous game's console line (or the start).
    pub game_times: Vec<Duration>,
    pub total: Duration,
    jsonl: Option<PathBuf>,
}

impl MatchRun {
    /// Its console line of each game (`game N: ...`).
    pub fn game_lines(&self) -> Vec<String> {
        let games = self.stdout.iter().filter(|l| l.starts_with("game "));
        games.cloned().collect()
    }
    /// Bot 1's wins, draws and losses, from its `final:` line (`final: NAME W wins D draws L
    /// losses; ...`).
    pub fn tally(&self) -> [u64; 3] {
        let last = self.stdout.iter().find(|l| l.starts_with("final: "));
        let last = last.unwrap_or_else(|| panic!("no final line: {:?}", self.stdout));
        let n: Vec<u64> = last
            .split(';')
            .next()
            .unwrap()
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        [n[0], n[1], n[2]]
    }
    /// Every game line of its `--jsonl` log (the log may hold earlier runs' games too): the
    /// lines without a `baraza` key (not each match's header, nor an SPRT line).
    pub fn all_records(&self) -> Vec<serde_json::Value> {
        let lines = read_jsonl(self.jsonl.as_ref().expect("a match run with --jsonl"));
        lines
            .into_iter()
            .filter(|l| l.get("baraza").is_none())
            .collect()
    }
    /// The game lines of its `--jsonl` log, which must be `n`.
    pub fn records(&self, n: usize) -> Vec<serde_json::Value> {
        let games = self.all_records();
        assert_eq!(games.len(), n, "games logged: {games:?}");
        games
    }
    /// The one game line of its `--jsonl` log.
    pub fn only_record(&self) -> serde_json::Value {
        self.records(1).remove(0)
    }
}
