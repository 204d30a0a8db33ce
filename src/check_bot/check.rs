//! One line of `check-bot`'s report: a check's name, whether it passed, failed or was skipped,
//! and what was seen.

/// What became of a check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CheckStatus {
    Ok,
    Fail,
    /// Not run: an earlier check failed and this one could not be judged without it, or the
    /// bot does not play the ruleset.
    Skip,
}

/// One check's outcome, e.g. `darra: exits after 'quit'`, passed, `in 3 ms`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Check {
    pub name: String,
    pub status: CheckStatus,
    /// The status is [`CheckStatus::Ok`] (kept for readers of the first JSON form).
    pub passed: bool,
    /// What was seen: a figure when passed, the offending line or reason when not, the failed
    /// check it depends on when skipped.
    pub detail: String,
}

impl Check {
    fn with(name: &str, status: CheckStatus, detail: String) -> Check {
        Check {
            name: name.to_string(),
            status,
            passed: status == CheckStatus::Ok,
            detail,
        }
    }

    pub fn passed(name: &str, detail: String) -> Check {
        Check::with(name, CheckStatus::Ok, detail)
    }

    pub fn failed(name: &str, detail: String) -> Check {
        Check::with(name, CheckStatus::Fail, detail)
    }

    /// `name`, not run because `cause` failed.
    pub fn skipped(name: &str, cause: &Check) -> Check {
        Check::with(
            name,
            CheckStatus::Skip,
            format!("skipped because '{}' failed", cause.name),
        )
    }

    /// The one line of a ruleset the bot declined (it exited after its hello: `detail`).
    pub fn declined(ruleset: &str, detail: &str) -> Check {
        Check::with(
            &format!("{ruleset}: does not play {ruleset}"),
            CheckStatus::Skip,
            detail.to_string(),
        )
    }

    /// The hello check when the bot declined every ruleset given (`declined`: each ruleset and
    /// how it exited).
    pub fn declined_by_all(declined: &[(&str, String)]) -> Check {
        let ids: Vec<&str> = declined.iter().map(|(id, _)| *id).collect();
        Check::failed(
            "starts and answers the hello with 'ready'",
            format!(
                "it declined every ruleset given ({}): a bot answers the hello of a ruleset it \
                 plays with 'ready'",
                ids.join(", ")
            ),
        )
    }

    /// This check, named for `ruleset` (a hello that failed for a later ruleset only).
    pub fn for_ruleset(mut self, ruleset: &str) -> Check {
        self.name = format!("{ruleset}: {}", self.name);
        self
    }

    pub fn is_failed(&self) -> bool {
        self.status == CheckStatus::Fail
    }

    /// Skipped because an earlier check failed.
    pub fn is_skipped_for_a_failure(&self) -> bool {
        self.status == CheckStatus::Skip && self.detail.starts_with("skipped because")
    }

    /// The ruleset of a [`Check::declined`] line.
    pub fn declined_ruleset(&self) -> Option<&str> {
        let (id, _) = self.name.split_once(": does not play ")?;
        (self.status == CheckStatus::Skip).then_some(id)
    }
}
