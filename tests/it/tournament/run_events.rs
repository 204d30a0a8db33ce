//! The runner's events as the sinks see them: the order of a game's events, a failing sink
//! stopping the run through the one error path, and the causes of a stop reaching the sinks.

use baraza::events::jsonl::JsonlSink;
use baraza::events::{describe, RunEvent, Sink, SinkError, Sinks};
use baraza::record::GameRecord;
use baraza::tournament::log::games_jsonl::GamesWriter;
use baraza::tournament::log::reader::read_games_log;
use baraza::tournament::plan::config::TournamentConfig;
use baraza::tournament::run::resume::plan_run;
use baraza::tournament::run::runner::{run_plan, Cause, Interrupt, PlayError, RunError, Stop};
use baraza::tournament::ScheduledGame;
use std::time::Duration;

use crate::support::temp_dir;

/// One round of darra among `bots`, each builtin:random.
fn config(bots: &[&str]) -> TournamentConfig {
    super::runner::config(bots, 1, None)
}

/// A record as the referee would return it (read from JSON: the record's own format).
fn record(g: &ScheduledGame) -> GameRecord {
    serde_json::from_value(serde_json::json!({
        "game": g.game, "ruleset": "darra", "white": g.white_name, "black": g.black_name,
        "result": "1-0", "termination": "normal", "reason": "fake", "plies": 0,
        "moves": [], "times_ms": [], "start": g.start, "seed": g.seed, "time_control": "-",
        "event": "test", "site": "-", "date": "2026.12.01", "round": g.round.to_string()
    }))
    .unwrap()
}

/// A sink that cannot write from its `fail_at`-th finished game on.
struct Failing {
    finished: usize,
    fail_at: usize,
}

impl Sink for Failing {
    fn event(&mut self, event: &RunEvent<'_>) -> Result<(), SinkError> {
        if let RunEvent::GameFinished { .. } = event {
            self.finished += 1;
            if self.finished >= self.fail_at {
                return Err(SinkError::new(
                    "full.log",
                    std::io::Error::from_raw_os_error(28),
                ));
            }
        }
        Ok(())
    }
}

#[tokio::test]
async fn a_failing_sink_stops_the_run_and_its_error_is_the_runs() {
    let dir = temp_dir("events-failing");
    let c = config(&["a", "b", "c"]);
    let plan = plan_run(&c, &dir.0, false).unwrap();
    let mut log = JsonlSink::GamesLog(GamesWriter::create(&plan.path, &plan.header).unwrap());
    let mut failing = Failing {
        finished: 0,
        fail_at: 2,
    };
    let mut said = Vec::new();
    let mut seen = |e: &RunEvent<'_>| said.push(describe(e));
    let mut sinks = Sinks::new()
        .with(&mut log)
        .with(&mut failing)
        .with(&mut seen);
    let play = |g: ScheduledGame| async move { Ok::<_, PlayError<String>>(record(&g)) };
    let e = run_plan(&c, 1, plan, play, &Interrupt::new(), &mut sinks)
        .await
        .unwrap_err();
    drop(sinks);
    assert!(matches!(e, RunError::Sink(_)), "{e:?}");
    assert!(e.to_string().starts_with("cannot write full.log"), "{e}");
    // Game 2 is in the log (the sink before the failing one), goes no further than the
    // failing sink, and no game started after it; a stop the run raised itself is told to the
    // sinks with its cause.
    assert_eq!(read_games_log(&dir.0).unwrap().games.len(), 2);
    assert_eq!(
        said,
        [
            "game 1 r1-p1-a started: a vs b",
            "game 1/6 r1-p1-a: a vs b 1-0 (normal)",
            "game 2 r1-p1-b started: b vs a",
            "a log cannot be written: no new games are started",
        ]
    );
}

#[tokio::test]
async fn a_sink_that_failed_takes_no_later_game_nor_do_those_after_it() {
    // Two games at once; the failing sink fails on the first to finish. The other, finishing
    // after it, goes to the log only: the failed sink (a games.pgn on a full disk) is behind
    // the log, never holed, and the sinks after it hold no game it lacks.
    let dir = temp_dir("events-failed-behind");
    let c = config(&["a", "b", "c"]);
    let plan = plan_run(&c, &dir.0, false).unwrap();
    let mut log = JsonlSink::GamesLog(GamesWriter::create(&plan.path, &plan.header).unwrap());
    let mut failing = Failing {
        finished: 0,
        fail_at: 1,
    };
    let mut said = Vec::new();
    let mut seen = |e: &RunEvent<'_>| said.push(describe(e));
    let mut sinks = Sinks::new()
        .with(&mut log)
        .with(&mut failing)
        .with(&mut seen);
    let play = |g: ScheduledGame| async move {
        if g.game == 2 {
            for _ in 0..10 {
                tokio::task::yield_now().await;
            }
        }
        Ok::<_, PlayError<String>>(record(&g))
    };
    let e = run_plan(&c, 2, plan, play, &Interrupt::new(), &mut sinks)
        .await
        .unwrap_err();
    drop(sinks);
    assert!(e.to_string().starts_with("cannot write full.log"), "{e}");
    let logged: Vec<u64> = (read_games_log(&dir.0).unwrap().games.iter())
        .map(|g| g.record.game)
        .collect();
    assert_eq!(logged, [1, 2]);
    assert_eq!(failing.finished, 1, "the failed sink got no later game");
    assert_eq!(
        said,
        [
            "game 1 r1-p1-a started: a vs b",
            "game 2 r1-p1-b started: b vs a",
            "a log cannot be written: no new games are started",
        ]
    );
}

#[tokio::test]
async fn a_ctrl_c_and_its_grace_reach_the_sinks_with_the_running_games() {
    let dir = temp_dir("events-ctrl-c");
    let c = config(&["a", "b", "c"]);
    let plan = plan_run(&c, &dir.0, false).unwrap();
    let interrupt = Interrupt::new();
    let mut said = Vec::new();
    let mut seen = |e: &RunEvent<'_>| said.push(describe(e));
    let mut sinks = Sinks::new().with(&mut seen);
    // Game 2 gets the Ctrl-C while games 1 and 2 run; game 1 ends, game 2 never does: the
    // grace's end aborts it.
    let play = |g: ScheduledGame| {
        let interrupt = interrupt.clone();
        async move {
            if g.game == 2 {
                interrupt.stop_because(Cause::CtrlC {
                    grace: Duration::from_secs(30),
                });
                tokio::task::yield_now().await;
                interrupt.abort_because(Cause::GraceOver);
                std::future::pending::<()>().await;
            }
            tokio::task::yield_now().await;
            Ok::<_, PlayError<String>>(record(&g))
        }
    };
    let out = run_plan(&c, 2, plan, play, &interrupt, &mut sinks)
        .await
        .unwrap();
    drop(sinks);
    assert_eq!((out.stop, out.played), (Stop::Interrupted, 1));
    assert_eq!(
        said[..2],
        [
            "game 1 r1-p1-a started: a vs b",
            "game 2 r1-p1-b started: b vs a"
        ]
    );
    assert!(said.contains(&"Ctrl-C: no new games are started; the 2 running games may finish within 30 s, then they are aborted (Ctrl-C to stop now)".to_string()), "{said:?}");
    assert_eq!(
        said.last().unwrap(),
        "aborting the 1 games still running (they are played again on resume)"
    );
    assert!(!said.iter().any(|s| s.starts_with("game 3")), "{said:?}");
}
