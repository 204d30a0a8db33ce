//! The tournament loop with a fake referee: concurrency, writing games.jsonl as games end,
//! interruption and resume, the SPRT stopping a run, and a game that cannot be played.

use baraza::events::jsonl::JsonlSink;
use baraza::events::{describe, RunEvent, Sinks};
use baraza::outcome::Termination;
use baraza::record::GameRecord;
use baraza::stats::sprt::Decision;
use baraza::tournament::log::games_jsonl::{GamesWriter, LogStart, GAMES_FILE};
use baraza::tournament::log::reader::read_games_log;
use baraza::tournament::plan::config::{BotEntry, EventInputs, SprtSpec, TournamentConfig};
use baraza::tournament::run::resume::{plan_run, RunPlan};
use baraza::tournament::run::runner::{
    run_plan, Aborted, Interrupt, PlayError, RunError, RunOutcome, Stop,
};
use baraza::tournament::{table::results, ScheduledGame};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::support::temp_dir;

/// Darra among `bots`, each builtin:random, `rounds` rounds, with the SPRT `sprt`.
pub(super) fn config(bots: &[&str], rounds: u32, sprt: Option<&str>) -> TournamentConfig {
    EventInputs {
        ruleset: Some("darra".into()),
        rounds: Some(rounds),
        sprt: sprt.map(|s| SprtSpec::Text(s.into())),
        bots: bots
            .iter()
            .map(|b| BotEntry {
                name: Some(b.to_string()),
                cmd: "builtin:random".into(),
                ..BotEntry::default()
            })
            .collect(),
        ..EventInputs::default()
    }
    .resolve(2)
    .unwrap()
    .0
}

/// What the referee would return, with `result` from player 1's side (the setup gives it the
/// schedule's game number, names, seed and round).
fn record(g: &ScheduledGame, result: &str) -> GameRecord {
    GameRecord {
        game: g.game,
        ruleset: "darra".into(),
        white: g.white_name.clone(),
        black: g.black_name.clone(),
        result: result.parse().unwrap(),
        termination: Termination::Normal,
        reason: "fake".into(),
        plies: 0,
        moves: vec![],
        times_ms: vec![],
        times_us: vec![],
        start: g.start.clone(),
        seed: g.seed,
        time_control: "-".into(),
        event: "test".into(),
        site: "-".into(),
        date: "2026.11.29".into(),
        round: g.round.to_string(),
        ..Default::default()
    }
}

/// The runner with the games log as its first sink (as both commands run it) and `events`
/// after it.
async fn run<F, Fut>(
    c: &TournamentConfig,
    concurrency: usize,
    plan: RunPlan,
    play: F,
    interrupt: &Interrupt,
    mut events: impl FnMut(&RunEvent<'_>),
) -> Result<RunOutcome, RunError<anyhow::Error>>
where
    F: Fn(ScheduledGame) -> Fut,
    Fut: std::future::Future<Output = Result<GameRecord, PlayError<anyhow::Error>>>,
{
    let mut log = JsonlSink::GamesLog(match plan.start {
        LogStart::Create => GamesWriter::create(&plan.path, &plan.header).unwrap(),
        LogStart::Append => GamesWriter::append(&plan.path).unwrap(),
        LogStart::Extend => GamesWriter::extend(&plan.path, &plan.header).unwrap(),
    });
    let mut sinks = Sinks::new().with(&mut log).with(&mut events);
    run_plan(c, concurrency, plan, play, interrupt, &mut sinks).await
}

#[tokio::test]
async fn plays_everything_at_most_k_at_a_time_and_logs_each_game() {
    let dir = temp_dir("runner-all");
    let c = config(&["a", "b", "c"], 2, None);
    let plan = plan_run(&c, &dir.0, false).unwrap();
    let in_flight = Arc::new(AtomicUsize::new(0));
    let peak = Arc::new(AtomicUsize::new(0));
    let started = Mutex::new(Vec::new());
    let play = |g: ScheduledGame| {
        let (in_flight, peak) = (in_flight.clone(), peak.clone());
        async move {
            let now = in_flight.fetch_add(1, Ordering::SeqCst) + 1;
            peak.fetch_max(now, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(5 + g.game % 3)).await;
            in_flight.fetch_sub(1, Ordering::SeqCst);
            Ok(record(&g, "1-0"))
        }
    };
    let out = run(&c, 2, plan, play, &Interrupt::new(), |p| {
        if let RunEvent::GameStarted { game } = p {
            started.lock().unwrap().push(game.game);
        }
    })
    .await
    .unwrap();
    assert_eq!(out.stop, Stop::Completed);
    assert_eq!(out.played, 12);
    assert_eq!(peak.load(Ordering::SeqCst), 2);
    // Started in schedule order.
    assert_eq!(*started.lock().unwrap(), (1..=12).collect::<Vec<u64>>());
    // The log has every game once, with the schedule's ids and numbers.
    let log = read_games_log(&dir.0).unwrap();
    assert_eq!(log.games.len(), 12);
    let mut numbers: Vec<u64> = log.games.iter().map(|g| g.record.game).collect();
    numbers.sort();
    assert_eq!(numbers, (1..=12).collect::<Vec<u64>>());
    // Player 1 always wins: every pair is one win and one loss (bucket DD+WL) for both bots.
    let table = results::standings(&log);
    assert_eq!(table.complete_pairs, 6);
    for b in &table.bots {
        assert_eq!((b.wins, b.losses, b.penta), (4, 4, [0, 0, 4, 0, 0]));
    }
}

#[tokio::test]
async fn an_interrupted_run_resumes_with_the_missing_games() {
    let dir = temp_dir("runner-resume");
    let c = config(&["a", "b", "c"], 2, None);
    let stop = Interrupt::new();
    let play = |g: ScheduledGame| async move { Ok(record(&g, "1/2-1/2")) };
    let plan = plan_run(&c, &dir.0, false).unwrap();
    let mut said = Vec::new();
    let out = run(&c, 1, plan, play, &stop, |p| {
        said.push(describe(p));
        if let RunEvent::GameFinished { done: 5, .. } = p {
            stop.stop();
        }
    })
    .await
    .unwrap();
    assert_eq!((out.stop, out.played), (Stop::Interrupted, 5));
    assert_eq!(said.len(), 10);
    assert_eq!(said[0], "game 1 r1-p1-a started: a vs b");
    assert_eq!(said[9], "game 5/12 r1-p3-a: b vs c 1/2-1/2 (normal)");

    let plan = plan_run(&c, &dir.0, true).unwrap();
    assert_eq!(plan.done.len(), 5);
    assert_eq!(plan.to_play.first().unwrap().game, 6);
    let out = run(&c, 2, plan, play, &Interrupt::new(), |_| {})
        .await
        .unwrap();
    assert_eq!((out.stop, out.played, out.in_log), (Stop::Completed, 7, 12));
    let log = read_games_log(&dir.0).unwrap();
    assert_eq!((log.games.len(), log.duplicates.len()), (12, 0));
    // Nothing left: a second resume plays nothing.
    let plan = plan_run(&c, &dir.0, true).unwrap();
    assert!(plan.to_play.is_empty());
}

#[tokio::test]
async fn the_sprt_stops_the_run_and_a_resume_stays_stopped() {
    let dir = temp_dir("runner-sprt");
    let c = config(&["strong", "weak"], 100, Some("elo0=0,elo1=100"));
    let play = |g: ScheduledGame| async move {
        let result = if g.white_name == "strong" {
            "1-0"
        } else {
            "0-1"
        };
        Ok(record(&g, result))
    };
    let decided = AtomicUsize::new(0);
    let plan = plan_run(&c, &dir.0, false).unwrap();
    let out = run(&c, 1, plan, play, &Interrupt::new(), |p| {
        if let RunEvent::SprtDecided { .. } = p {
            decided.fetch_add(1, Ordering::SeqCst);
            let said = describe(p);
            assert!(said.starts_with("SPRT strong vs weak: LLR 2.96 "), "{said}");
            assert!(
                said.ends_with("outside [-2.94, 2.94]: H1 accepted; no more games are started"),
                "{said}"
            );
        }
    })
    .await
    .unwrap();
    // n pairs won twice: penta [0, 0, 0, 0, n]. The best distribution with mean s for n
    // observations of 1 gives 1 probability s (the rest on 0), so LLR = n·ln(s1/s0), with
    // s1 = 1/(1 + 10^(−100/400)) = 0.640065: 0.246962 a pair (the 0.001 units of the empty
    // buckets change it by < 1e-3). 11 pairs: 2.717 < ln 19 = 2.944; 12 pairs: 2.964: H1 after
    // 24 games.
    assert_eq!(out.stop, Stop::Sprt(Decision::H1));
    assert_eq!(out.played, 24);
    assert_eq!(decided.load(Ordering::SeqCst), 1);
    let sprt = out.tally.sprt().unwrap();
    assert!(
        (sprt.report.llr - 2.9636).abs() < 2e-3,
        "{}",
        sprt.report.llr
    );

    let plan = plan_run(&c, &dir.0, true).unwrap();
    assert_eq!(plan.to_play.len(), 176);
    let out = run(&c, 1, plan, play, &Interrupt::new(), |_| {})
        .await
        .unwrap();
    assert_eq!((out.stop, out.played), (Stop::Sprt(Decision::H1), 0));
    assert_eq!(
        std::fs::read_to_string(dir.0.join(GAMES_FILE))
            .unwrap()
            .lines()
            .count(),
        26
    );
    // The last line records the decision (docs/log-format.md), and `results` reports it.
    let log = read_games_log(&dir.0).unwrap();
    let line = log.sprt_line.clone().unwrap();
    assert_eq!((line.pairs, line.games), (12, 24));
    assert_eq!(line.report.decision, Decision::H1);
    assert_eq!(
        (line.first.as_str(), line.second.as_str()),
        ("strong", "weak")
    );
    let table = results::standings(&log);
    let s = table.sprt.unwrap();
    assert!(s.recorded);
    assert_eq!(s.report, line.report);
}

#[tokio::test]
async fn a_game_that_cannot_be_played_ends_the_run_after_the_others() {
    let dir = temp_dir("runner-error");
    let c = config(&["a", "b", "c"], 1, None);
    let play = |g: ScheduledGame| async move {
        if g.game == 3 {
            return Err(PlayError::Failed(anyhow::anyhow!(
                "cannot start bot 'c': no such program"
            )));
        }
        Ok(record(&g, "0-1"))
    };
    let plan = plan_run(&c, &dir.0, false).unwrap();
    let e = run(&c, 1, plan, play, &Interrupt::new(), |_| {})
        .await
        .unwrap_err();
    assert_eq!(
        format!("{e:#}"),
        "game 3 (r1-p2-a): cannot start bot 'c': no such program"
    );
    // Games 1 and 2 were written; game 4 and later never started.
    let log = read_games_log(&dir.0).unwrap();
    let ids: Vec<&str> = log.games.iter().map(|g| g.game_id.as_str()).collect();
    assert_eq!(ids, ["r1-p1-a", "r1-p1-b"]);
}

#[tokio::test]
async fn game_futures_may_borrow_and_need_not_be_send() {
    let dir = temp_dir("runner-local");
    let c = config(&["a", "b"], 2, None);
    // An Rc (not Send) and a borrow of a local: as the referee on a current-thread runtime.
    let finished = std::rc::Rc::new(std::cell::RefCell::new(Vec::<u64>::new()));
    let turn = std::rc::Rc::new(tokio::sync::Notify::new());
    let names: Vec<String> = c.bots.iter().map(|b| b.name.clone()).collect();
    // Game 4 ends first, then 3, 2, 1: each waits for the one after it, so all four must be
    // running at once for the run to end at all.
    let play = |g: ScheduledGame| {
        let (finished, turn) = (finished.clone(), turn.clone());
        let names = &names;
        async move {
            while g.game != 4 && finished.borrow().last() != Some(&(g.game + 1)) {
                turn.notified().await;
            }
            finished.borrow_mut().push(g.game);
            turn.notify_waiters();
            assert_eq!(names[g.white], g.white_name);
            Ok(record(&g, "1-0"))
        }
    };
    let plan = plan_run(&c, &dir.0, false).unwrap();
    let out = run(&c, 4, plan, play, &Interrupt::new(), |_| {})
        .await
        .unwrap();
    assert_eq!(out.stop, Stop::Completed);
    // Each line went out as its game ended.
    assert_eq!(*finished.borrow(), vec![4, 3, 2, 1]);
    let order: Vec<u64> = read_games_log(&dir.0)
        .unwrap()
        .games
        .iter()
        .map(|g| g.record.game)
        .collect();
    assert_eq!(order, vec![4, 3, 2, 1]);
}

#[tokio::test]
async fn an_aborted_game_is_not_written_and_not_a_failure() {
    let dir = temp_dir("runner-aborted");
    let c = config(&["a", "b"], 2, None);
    let stop = Interrupt::new();
    // Game 2 gives up (as after Ctrl-C and the grace): the run is stopped, the game unwritten.
    let play = |g: ScheduledGame| {
        let stop = stop.clone();
        async move {
            if g.game == 2 {
                stop.stop();
                return Err(Aborted.into());
            }
            Ok(record(&g, "1-0"))
        }
    };
    let plan = plan_run(&c, &dir.0, false).unwrap();
    let out = run(&c, 1, plan, play, &stop, |_| {}).await.unwrap();
    assert_eq!((out.stop, out.played), (Stop::Interrupted, 1));
    let log = read_games_log(&dir.0).unwrap();
    let ids: Vec<&str> = log.games.iter().map(|g| g.game_id.as_str()).collect();
    assert_eq!(ids, ["r1-p1-a"]);
    // The resume plays the aborted game and the rest.
    let plan = plan_run(&c, &dir.0, true).unwrap();
    let missing: Vec<u64> = plan.to_play.iter().map(|g| g.game).collect();
    assert_eq!(missing, [2, 3, 4]);
}

/// Counts its drops: a game future that is dropped unfinished.
struct Dropped(Arc<AtomicUsize>);

impl Drop for Dropped {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

#[tokio::test]
async fn an_abort_from_another_task_drops_the_running_games_unwritten() {
    let dir = temp_dir("runner-abort");
    let c = config(&["a", "b"], 2, None);
    let interrupt = Interrupt::new();
    let dropped = Arc::new(AtomicUsize::new(0));
    // Game 1 ends at once; games 2 and 3 never end, and say when they are under way.
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<u64>();
    let play = |g: ScheduledGame| {
        let (dropped, tx) = (dropped.clone(), tx.clone());
        async move {
            if g.game == 1 {
                return Ok(record(&g, "1-0"));
            }
            let _guard = Dropped(dropped);
            let _ = tx.send(g.game);
            std::future::pending::<()>().await;
            unreachable!()
        }
    };
    // The abort comes from elsewhere (as the signal task's does) while the run waits on its
    // games: the run must be woken by it.
    let aborter = {
        let interrupt = interrupt.clone();
        tokio::spawn(async move {
            let mut seen = vec![rx.recv().await.unwrap(), rx.recv().await.unwrap()];
            seen.sort();
            assert!(!interrupt.aborted());
            interrupt.abort();
            seen
        })
    };
    let plan = plan_run(&c, &dir.0, false).unwrap();
    // A run that is never woken by the abort would wait forever: fail instead.
    let running = run(&c, 2, plan, play, &interrupt, |_| {});
    let out = tokio::time::timeout(Duration::from_secs(20), running)
        .await
        .expect("the abort woke the run")
        .unwrap();
    assert_eq!(aborter.await.unwrap(), [2, 3]);
    assert_eq!((out.stop, out.played), (Stop::Interrupted, 1));
    assert_eq!(
        dropped.load(Ordering::SeqCst),
        2,
        "both running games dropped"
    );
    assert!(interrupt.stopped() && interrupt.aborted() && !interrupt.killed());
    let ids: Vec<u64> = read_games_log(&dir.0)
        .unwrap()
        .games
        .iter()
        .map(|g| g.record.game)
        .collect();
    assert_eq!(ids, [1]);
    let plan = plan_run(&c, &dir.0, true).unwrap();
    let missing: Vec<u64> = plan.to_play.iter().map(|g| g.game).collect();
    assert_eq!(missing, [2, 3, 4]);
}

#[test]
fn interrupt_levels_only_rise() {
    let i = Interrupt::new();
    assert!(!i.stopped());
    i.kill();
    assert!(i.stopped() && i.aborted() && i.killed());
    i.stop();
    assert!(i.killed(), "a lower level does not undo a higher one");
}

/// The SPRT counts pairs in schedule order: with games finishing in reverse order at
/// concurrency 6 and 16, the decision, the pairs it took and the recorded line are those of a
/// run at concurrency 1 (counting pairs as they complete gives another line at 16).
#[tokio::test]
async fn the_sprt_decision_does_not_depend_on_concurrency_or_finishing_order() {
    // The first bot wins both games of every pair (WW) but pairs 9-12, where it wins one and
    // draws one (WD). At concurrency 16 the games end in reversed batches of 16 (pairs 8..1,
    // then 16..9, ...): counted as they complete, pairs 16-13 would come before 12-9, and 12
    // WW pairs reach the bound (12 · ln(s1/s0) = 2.9640) with another LLR than pairs 1-12
    // (8 WW and 4 WD: 2.9636). A counter that took pairs as they completed fails here.
    let c = config(&["first", "second"], 60, Some("elo0=0,elo1=100"));
    let bucket = |pair: u64| if (9..=12).contains(&pair) { 3 } else { 4 };
    let play = |g: ScheduledGame| async move {
        // Later games yield less, so among the games running together the later ones end first.
        for _ in 0..(1000 - g.game) {
            tokio::task::yield_now().await;
        }
        // The first bot's points in the pair's first and second game.
        let points = match bucket(g.pair) {
            0 => [0.0, 0.0],
            2 => [0.5, 0.5],
            3 => [1.0, 0.5],
            _ => [1.0, 1.0],
        };
        let mine = points[usize::from(g.game.is_multiple_of(2))];
        let white = if g.white_name == "first" {
            mine
        } else {
            1.0 - mine
        };
        let result = match white {
            1.0 => "1-0",
            0.0 => "0-1",
            _ => "1/2-1/2",
        };
        Ok(record(&g, result))
    };
    // The decision by hand: the first k at which pairs 1..=k reach a bound.
    let params: baraza::stats::sprt::SprtParams = "elo0=0,elo1=100".parse().unwrap();
    let mut penta = [0u64; 5];
    let expected = (1..=60u64)
        .find_map(|k| {
            penta[bucket(k)] += 1;
            let r = baraza::stats::sprt::sprt(
                params,
                &baraza::stats::elo::Sample::pentanomial(penta),
                baraza::stats::elo::Model::Pentanomial,
            );
            (r.decision != Decision::Continue).then_some((k, r))
        })
        .unwrap();
    let mut lines = Vec::new();
    for concurrency in [1, 6, 16] {
        let dir = temp_dir(&format!("runner-sprt-order-{concurrency}"));
        let plan = plan_run(&c, &dir.0, false).unwrap();
        let mut finished = Vec::new();
        let out = run(&c, concurrency, plan, play, &Interrupt::new(), |p| {
            if let RunEvent::GameFinished { line, .. } = p {
                finished.push(line.record.game);
            }
        })
        .await
        .unwrap();
        assert_eq!(out.stop, Stop::Sprt(expected.1.decision));
        if concurrency > 1 {
            // The games did end out of order, and more were played than the decision took.
            assert!(finished.windows(2).any(|w| w[0] > w[1]), "{finished:?}");
        }
        let log = read_games_log(&dir.0).unwrap();
        lines.push(log.sprt_line.unwrap());
    }
    assert_eq!(lines[0], lines[1]);
    assert_eq!(lines[0], lines[2]);
    assert_eq!(lines[0].pairs, expected.0);
    assert_eq!(lines[0].report, expected.1);
    assert_ne!(lines[0].report.decision, Decision::Continue);
}
