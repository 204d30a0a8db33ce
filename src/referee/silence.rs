//! Why a bot sent nothing in time, in words that name the cause: a line written without its
//! line end (quoted), a bot still computing or still starting (how long it had, and the option
//! that gives more), or one that wrote nothing and waited, its answer left in an output buffer.
//! The referee looks at the bot and finds a [`Quiet`]; this says it, the same words every time.

use super::lateness;
use super::verdict::quote;
use crate::bot::activity::Blocked;
use crate::bot::flush_advice::flush_question;
use crate::bot::language::Language;
use crate::bot::startup_diagnosis::diagnose;
use crate::bot::{deadline_after, Bot};
use crate::protocol::{self, BotMsg};
use std::time::Duration;
use tokio::time::Instant;

/// What a bot that did not answer in time was found doing at its deadline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Quiet {
    /// It wrote this (as text) and no line end after it.
    Unended(String),
    /// It was computing, or had sent lines meanwhile (so its output does reach the referee).
    Busy,
    /// It had not read everything it was sent.
    Unread,
    /// Some process of it was asleep in a sleep call.
    Asleep,
    /// It wrote nothing and computed nothing: every thread of every process of it blocked, on
    /// this.
    Waiting(Blocked),
}

/// Look at a bot that has not answered by its deadline (before it is killed). `spoke`: it sent
/// lines meanwhile, so its output does reach the referee.
pub(super) async fn look(bot: &mut Bot, spoke: bool) -> Quiet {
    if let Some(bytes) = bot.unended_line() {
        return Quiet::Unended(String::from_utf8_lossy(bytes).into_owned());
    }
    // A complete line written by the end of the looks (which take a while on a loaded
    // machine): its output is flushed, it was late, not silent.
    if spoke || bot.is_computing().await || bot.pending_line() {
        return Quiet::Busy;
    }
    if bot.is_sleeping() {
        return Quiet::Asleep;
    }
    if bot.has_unread_input() {
        return Quiet::Unread;
    }
    Quiet::Waiting(bot.blocked_on())
}

impl Quiet {
    /// The note on the referee's own lateness `late` during the turn (see
    /// [`lateness::forfeit_note`]), only where a busier machine may have made the bot miss its
    /// deadline: it was computing, not yet reading, or asleep. A bot that wrote nothing and
    /// waited, or left its line unended, would not have answered on any machine.
    pub(super) fn machine_note(&self, late: Duration, margin: Duration) -> String {
        match self {
            Quiet::Busy | Quiet::Unread | Quiet::Asleep => lateness::forfeit_note(late, margin),
            Quiet::Unended(_) | Quiet::Waiting(_) => String::new(),
        }
    }
}

/// How a line left without its end shows in a transcript.
pub(super) fn unended_in_transcript(text: &str) -> String {
    format!("{text} [baraza: no line end]")
}

/// The cause after "did not move within N ms (+M ms margin)": starts with `: `. `stopped_ms`:
/// how long after `go` it was stopped; `lang`: the bot's language, when known, for the flush
/// call it is told; `dropped`: the notable variables it did not get.
pub(super) fn turn_cause(
    q: &Quiet,
    stopped_ms: u128,
    lang: Option<Language>,
    dropped: &[&str],
) -> String {
    match q {
        Quiet::Unended(text) => unended(text),
        Quiet::Busy | Quiet::Unread => {
            format!(
                ": it was still thinking when it was stopped, {stopped_ms} ms after 'go': end \
                 each search within the time 'go' gives it (its own p1time or p2time, and \
                 movetime when present)"
            )
        }
        Quiet::Asleep => format!(
            ": it was asleep (in a sleep call) when it was stopped, {stopped_ms} ms after 'go': \
             its clock runs while it sleeps"
        ),
        Quiet::Waiting(Blocked::Other(call)) => {
            format!(
                ": it wrote nothing this turn and was {}",
                blocked_elsewhere(call)
            )
        }
        Quiet::Waiting(_) => format!(
            ": it wrote nothing this turn and was waiting, not computing: {}",
            flush_question(lang, dropped)
        ),
    }
}

/// The option that gives a slow start longer, with its default
/// (`tournament::plan::config::DEFAULT_STARTUP_TIMEOUT_MS`, which the troubleshooting test
/// quotes), and when its `ready` came after all (`took`, from the hello), if it did.
fn raise(took: Option<Duration>) -> String {
    let came = took.map_or(String::new(), |t| {
        format!("; its 'ready' came {} ms after the hello", t.as_millis())
    });
    format!("--startup-timeout (in ms, 10000 by default{came})")
}

/// The cause after "did not send 'ready' within the startup deadline of N ms": starts with
/// `: `. `ignored`: the lines it sent that are not `ready`, `id`, `info` or blank; `took`:
/// when its `ready` came after all (from the hello), if it was waited for and came; `lang` and
/// `dropped` as for [`turn_cause`].
pub(super) fn startup_cause(
    q: &Quiet,
    ignored: &[String],
    took: Option<Duration>,
    lang: Option<Language>,
    dropped: &[&str],
) -> String {
    match q {
        Quiet::Unended(text) => unended(text),
        _ if !ignored.is_empty() => diagnose(ignored),
        Quiet::Busy | Quiet::Unread => format!(
            ": it was still starting up when it was stopped (busy, or not reading its input \
             yet): if it needs longer, raise {}",
            raise(took)
        ),
        Quiet::Asleep => format!(
            ": it was asleep (in a sleep call) when it was stopped: its start-up deadline runs \
             while it sleeps; if it needs longer, raise {}",
            raise(took)
        ),
        Quiet::Waiting(Blocked::Other(call)) => {
            format!(
                ": it wrote nothing on stdout and was {}",
                blocked_elsewhere(call)
            )
        }
        Quiet::Waiting(_) => format!(
            ": it wrote nothing on stdout: {}",
            flush_question(lang, dropped)
        ),
    }
}

/// What a bot sent during its handshake, for the reason when it sends no `ready` in time.
pub struct Said<'s> {
    /// It sent some line.
    pub spoke: bool,
    /// Its lines that were not `ready`, `id`, `info` or blank (the first few).
    pub ignored: &'s [String],
    /// When its hello was written.
    pub hello_at: Instant,
}

/// Longest wait for a `ready` past the startup deadline, only to tell how long it took.
const LATE_READY_WAIT: Duration = Duration::from_secs(5);

/// Why a bot sent no `ready` by its startup deadline (`startup` after its hello): the text
/// after "did not send 'ready' within the startup deadline of N ms", the same words for
/// `match`, `tournament` and `check-bot`. A bot still starting is given a while longer (twice
/// `startup`, at most 5 s; it has failed all the same) so that the reason can
/// tell how long its start took. `dropped`: the notable variables it did not get. `heard` gets
/// a line left without its end (as a transcript shows it, vital), and the lines read then.
pub async fn why_no_ready(
    bot: &mut Bot,
    said: Said<'_>,
    startup: Duration,
    dropped: &[&str],
    heard: &mut impl FnMut(&str, bool),
) -> String {
    let quiet = look(bot, said.spoke).await;
    if let Quiet::Unended(part) = &quiet {
        heard(&unended_in_transcript(part), true);
    }
    let mut took = None;
    // Still loading (busy, or asleep before it read its hello) may answer later; one that read
    // its hello and went to sleep will not be waited for.
    let loading = match quiet {
        Quiet::Busy | Quiet::Unread => true,
        Quiet::Asleep => bot.has_unread_input(),
        _ => false,
    };
    if loading && said.ignored.is_empty() {
        let wait = (startup * 2).min(LATE_READY_WAIT);
        let until = deadline_after(Instant::now(), wait);
        while let Ok(line) = bot.read_line(until).await {
            heard(&line, false);
            if matches!(protocol::parse_bot_line(&line), BotMsg::Ready) {
                took = Some(said.hello_at.elapsed());
                break;
            }
        }
    }
    startup_cause(&quiet, said.ignored, took, bot.language(), dropped)
}

/// The cause of a bot that kept writing lines other than `ready` past its startup deadline
/// (`ignored`: the first few of them that were no `id`, `info` or blank line).
pub fn busy_start(ignored: &[String]) -> String {
    startup_cause(&Quiet::Busy, ignored, None, None, &[])
}

fn unended(text: &str) -> String {
    format!(
        ": it wrote {} without a line end: a line counts once its '\\n' is written",
        quote(text)
    )
}

/// A bot none of whose threads computed or read its input: blocked in `call` (its name and
/// what it usually means). Its output may be flushed or not: nothing waits for its input to
/// tell.
fn blocked_elsewhere(call: &str) -> String {
    format!("blocked, neither computing nor reading its input (in {call})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_cause_of_a_silent_turn_has_its_words() {
        assert_eq!(
            turn_cause(&Quiet::Unended("move 6A".into()), 550, None, &[]),
            ": it wrote 'move 6A' without a line end: a line counts once its '\\n' is written"
        );
        assert_eq!(
            turn_cause(&Quiet::Busy, 550, None, &[]),
            ": it was still thinking when it was stopped, 550 ms after 'go': end each search \
             within the time 'go' gives it (its own p1time or p2time, and movetime when present)"
        );
        assert_eq!(
            turn_cause(&Quiet::Unread, 550, None, &[]),
            turn_cause(&Quiet::Busy, 550, None, &[])
        );
        assert_eq!(
            turn_cause(&Quiet::Waiting(Blocked::Input), 550, None, &["PYTHONPATH"]),
            ": it wrote nothing this turn and was waiting, not computing: is its output \
             flushed after each line (flush=True in Python, fflush(stdout) in C)?"
        );
        let py = Some(Language::Python);
        assert!(
            turn_cause(
                &Quiet::Waiting(Blocked::Input),
                550,
                py,
                &["PYTHONUNBUFFERED"]
            )
            .ends_with(
                "call sys.stdout.flush())? (PYTHONUNBUFFERED is set for baraza, but a \
                 bot's environment is cleared: '--env PYTHONUNBUFFERED' passes it on)"
            ),
            "{}",
            turn_cause(
                &Quiet::Waiting(Blocked::Input),
                550,
                py,
                &["PYTHONUNBUFFERED"]
            )
        );
        assert!(turn_cause(
            &Quiet::Waiting(Blocked::Input),
            550,
            Some(Language::Go),
            &[]
        )
        .contains("bufio"));
    }

    #[test]
    fn a_bot_blocked_elsewhere_than_its_input_is_not_asked_about_flushing() {
        let futex = Quiet::Waiting(Blocked::Other("futex: a lock, a join or a condition wait"));
        assert_eq!(
            turn_cause(&futex, 550, None, &["PYTHONUNBUFFERED"]),
            ": it wrote nothing this turn and was blocked, neither computing nor reading its \
             input (in futex: a lock, a join or a condition wait)"
        );
        assert_eq!(
            startup_cause(&futex, &[], None, None, &[]),
            ": it wrote nothing on stdout and was blocked, neither computing nor reading its \
             input (in futex: a lock, a join or a condition wait)"
        );
        // Where /proc cannot tell, the likeliest cause is asked about, as before.
        assert_eq!(
            turn_cause(&Quiet::Waiting(Blocked::Unknown), 550, None, &[]),
            turn_cause(&Quiet::Waiting(Blocked::Input), 550, None, &[])
        );
    }

    #[test]
    fn a_late_referee_is_named_only_where_the_machine_may_have_caused_the_forfeit() {
        let (late, margin) = (Duration::from_millis(30), Duration::from_millis(50));
        for q in [Quiet::Busy, Quiet::Unread, Quiet::Asleep] {
            assert!(q.machine_note(late, margin).contains("woke 30 ms late"));
        }
        for q in [
            Quiet::Unended("move 1A".into()),
            Quiet::Waiting(Blocked::Input),
        ] {
            assert_eq!(q.machine_note(late, margin), "");
        }
    }

    #[test]
    fn each_cause_of_a_silent_start_has_its_words() {
        let slow = ": it was still starting up when it was stopped (busy, or not reading its \
                    input yet): if it needs longer, raise --startup-timeout (in ms, 10000 by \
                    default)";
        assert_eq!(startup_cause(&Quiet::Busy, &[], None, None, &[]), slow);
        assert_eq!(startup_cause(&Quiet::Unread, &[], None, None, &[]), slow);
        let later = Some(Duration::from_millis(1234));
        assert_eq!(
            startup_cause(&Quiet::Busy, &[], later, None, &[]),
            slow.replace(
                "default)",
                "default; its 'ready' came 1234 ms after the hello)"
            )
        );
        assert_eq!(
            startup_cause(&Quiet::Waiting(Blocked::Input), &[], None, None, &[]),
            diagnose(&[])
        );
        assert_eq!(
            startup_cause(
                &Quiet::Waiting(Blocked::Input),
                &[],
                None,
                Some(Language::C),
                &[]
            ),
            ": it wrote nothing on stdout: is its output flushed after each line (in C, stdout \
             is buffered when it is a pipe: call fflush(stdout))?"
        );
        let ignored = vec!["readyok".to_string()];
        assert_eq!(
            startup_cause(&Quiet::Busy, &ignored, later, None, &[]),
            diagnose(&ignored)
        );
        assert!(
            startup_cause(&Quiet::Unended("ready".into()), &ignored, None, None, &[])
                .starts_with(": it wrote 'ready' without a line end")
        );
        assert!(startup_cause(
            &Quiet::Waiting(Blocked::Input),
            &[],
            None,
            Some(Language::Python),
            &["PYTHONUNBUFFERED"]
        )
        .ends_with("'--env PYTHONUNBUFFERED' passes it on)"));
    }
}
