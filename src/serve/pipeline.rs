//! The way from an upload to the ladder, one submission at a time, oldest first: unpack, build
//! ([`super::build`]), check and enter (`league submit`'s own admission,
//! [`crate::league::admission`]). Each step is written to the store before it starts, so a
//! server killed anywhere takes up again where it was: a build is started again from the
//! upload, and a check whose version reached entrants.toml is taken as accepted (the league's
//! file says it was entered; entering it twice would make a second version).

use super::archive;
use super::build::{self, Tools};
use super::folders::Folders;
use super::recipes;
use super::store::{Status, Store, Submission};
use super::wake::Wake;
use crate::bot::hosting::HostOverrides;
use crate::league::admission::{self, Checked};
use crate::league::entrants::Entrants;
use crate::league::error::LeagueError;
use crate::league::folder::League;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// What the worker needs.
pub struct Pipeline {
    pub store: Store,
    pub league: Arc<League>,
    pub folders: Folders,
    pub tools: Tools,
    /// Woken when a submission arrives.
    pub arrivals: Wake,
    /// Woken when a version is entered (the league loop waits for a second entrant).
    pub entered: Wake,
}

impl Pipeline {
    /// Put submissions a killed server left half-way back where they belong.
    pub fn recover(&self) -> Result<(), super::store::StoreError> {
        let entrants = Entrants::load(&self.league.dir).unwrap_or_default();
        for s in self.store.unfinished()? {
            let marker = self.folders.build(s.id);
            let marker = marker.to_string_lossy();
            let entered = entrants
                .versions
                .iter()
                .find(|v| v.name == s.participant && v.command.contains(marker.as_ref()));
            match (s.status, entered) {
                (Status::Checking, Some(v)) => {
                    let report = format!(
                        "{}\nentered as {} (the check finished as the server stopped)\n",
                        s.report,
                        v.id()
                    );
                    self.store
                        .set_status(s.id, Status::Accepted, &report, Some(&v.id()))?;
                }
                (Status::Queued, _) => {}
                _ => self.store.set_status(s.id, Status::Queued, "", None)?,
            }
        }
        Ok(())
    }

    /// Work through the queue until `stop`.
    pub fn run(&self, stop: &AtomicBool) {
        while !stop.load(Ordering::SeqCst) {
            let next = match self.store.unfinished() {
                Ok(list) => list.into_iter().next(),
                Err(e) => {
                    eprintln!("serve: submissions: {e}");
                    None
                }
            };
            match next {
                Some(s) => {
                    if let Err(e) = self.process(&s) {
                        eprintln!("serve: submission {}: {e}", s.id);
                        let _ = self.store.set_status(
                            s.id,
                            Status::Rejected,
                            &format!("the server could not take it: {e}\n"),
                            None,
                        );
                    }
                }
                None => self.arrivals.wait(Duration::from_secs(2)),
            }
        }
    }

    fn process(&self, s: &Submission) -> Result<(), super::store::StoreError> {
        let (status, report, version) = self.build_and_check(s)?;
        self.store
            .set_status(s.id, status, &report, version.as_deref())?;
        eprintln!(
            "serve: submission {} by {}: {}{}",
            s.id,
            s.participant,
            status.as_str(),
            version.map(|v| format!(" as {v}")).unwrap_or_default()
        );
        if status == Status::Accepted {
            self.entered.notify();
        }
        Ok(())
    }

    fn build_and_check(
        &self,
        s: &Submission,
    ) -> Result<(Status, String, Option<String>), super::store::StoreError> {
        let rejected = |report: String| Ok((Status::Rejected, report, None));
        self.store.set_status(s.id, Status::Building, "", None)?;
        eprintln!("serve: submission {} by {}: building", s.id, s.participant);
        let dir = self.folders.build(s.id);
        let upload = self.folders.upload(s.id, &s.filename);
        let prepared = (|| -> std::io::Result<Vec<u8>> {
            if dir.exists() {
                std::fs::remove_dir_all(&dir)?;
            }
            std::fs::create_dir_all(&dir)?;
            std::fs::read(&upload)
        })();
        let bytes = match prepared {
            Ok(b) => b,
            Err(e) => return rejected(format!("the upload cannot be read: {e}\n")),
        };
        let files = match archive::unpack(&bytes, &s.filename, &dir) {
            Ok(f) => f,
            Err(e) => return rejected(format!("refused: {e}\n")),
        };
        let recipe = match recipes::recipe(&s.language, &dir, &files) {
            Ok(r) => r,
            Err(e) => return rejected(format!("refused: {e}\n")),
        };
        let mut report = String::new();
        if let Some(script) = &recipe.build {
            report.push_str(&format!("$ {script}\n"));
            let hidden = [self.league.dir.clone()];
            let built = match build::build(&self.tools, &dir, script, &hidden) {
                Ok(b) => b,
                Err(e) => return rejected(format!("{report}the build could not start: {e}\n")),
            };
            report.push_str(&built.log);
            if !built.ok {
                return rejected(format!(
                    "{report}build failed: the version was not entered\n"
                ));
            }
            report.push_str("build passed\n");
        }
        self.store
            .set_status(s.id, Status::Checking, &report, None)?;
        eprintln!("serve: submission {} by {}: checking", s.id, s.participant);
        let submission = admission::Submission {
            name: &s.participant,
            command: &recipe.command,
            version: None,
            host: HostOverrides::default(),
            check: true,
        };
        match admission::submit(&self.league, &submission) {
            Ok(entered) => {
                if let Checked::Passed(r) = &entered.checked {
                    report.push_str(&r.text());
                }
                report.push_str(&format!("entered as {}\n", entered.id));
                Ok((Status::Accepted, report, Some(entered.id)))
            }
            Err(LeagueError::FailedCheck { report: r, .. }) => {
                report.push_str(&r.text());
                rejected(format!(
                    "{report}check-bot failed: the version was not entered\n"
                ))
            }
            Err(e) => rejected(format!("{report}not entered: {}\n", chain(&e))),
        }
    }
}

/// An error with its causes, on one line.
pub fn chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        s.push_str(": ");
        s.push_str(&c.to_string());
        cause = c.source();
    }
    s
}
