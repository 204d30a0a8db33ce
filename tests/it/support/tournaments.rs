//! `baraza tournament`, as the tests run it: a builder of its command line (beside the match
//! one).

use super::{baraza, exe, refused, text};
use std::ffi::OsStr;
use std::path::Path;
use std::process::Command;

/// `baraza tournament RULESET --bot NAME=BOT ...`, to add options to and run: the start of
/// every tournament test's command line.
#[derive(Clone, Debug)]
pub struct Tournament(Vec<std::ffi::OsString>);

/// A tournament of `ruleset` among `bots`, each `NAME=BOT`.
pub fn tournament(ruleset: &str, bots: &[&str]) -> Tournament {
    let mut args = vec!["tournament".into(), ruleset.into()];
    for b in bots {
        args.extend(["--bot".into(), b.into()]);
    }
    Tournament(args)
}

/// The tournament an event file describes: `baraza tournament --config EVENT`.
pub fn event_tournament(event: impl AsRef<Path>) -> Tournament {
    Tournament(vec![
        "tournament".into(),
        "--config".into(),
        event.as_ref().as_os_str().to_owned(),
    ])
}

impl Tournament {
    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> Self {
        self.0.push(arg.as_ref().to_owned());
        self
    }
    pub fn args<I, S>(mut self, args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.0
            .extend(args.into_iter().map(|a| a.as_ref().to_owned()));
        self
    }
    /// `--rounds N`.
    pub fn rounds(self, n: u32) -> Self {
        self.args(["--rounds", &n.to_string()])
    }
    /// `--concurrency N`: N games at a time.
    pub fn concurrency(self, n: u32) -> Self {
        self.args(["--concurrency", &n.to_string()])
    }
    /// `--movetime MS`.
    pub fn movetime(self, ms: u64) -> Self {
        self.args(["--movetime", &ms.to_string()])
    }
    /// `--max-plies N`.
    pub fn max_plies(self, n: u32) -> Self {
        self.args(["--max-plies", &n.to_string()])
    }
    /// `--out DIR`.
    pub fn out(self, dir: impl AsRef<Path>) -> Self {
        self.arg("--out").arg(dir.as_ref())
    }
    /// `--quiet`: no progress on stderr.
    pub fn quiet(self) -> Self {
        self.arg("--quiet")
    }
    /// Run it, which must be refused before any game: exit status `code`, the one line on
    /// stderr ([`super::refused`]); that stderr.
    pub fn refused(&self, code: i32) -> String {
        let args: Vec<&str> = self.0.iter().map(|a| a.to_str().unwrap()).collect();
        refused(&args, code)
    }
    /// The command, to run and assert on.
    pub fn command(&self) -> assert_cmd::Command {
        let mut cmd = baraza();
        cmd.args(&self.0);
        cmd
    }
    /// Run it to its end, which must succeed (else the test fails with its stderr): its
    /// output.
    pub fn played(&self) -> std::process::Output {
        let out = self.process().output().expect("baraza starts");
        assert!(out.status.success(), "{:?}: {}", self.0, text(&out.stderr));
        out
    }
    /// The command as a std one, to spawn.
    pub fn process(&self) -> Command {
        let mut cmd = Command::new(exe());
        cmd.args(&self.0);
        cmd
    }
}
