//! `--live FILE` of `match` and `tournament`: the live page's sink, opened before the first
//! game (so a path that cannot be written is refused up front) and closed with the run's end.

use crate::cli::LiveArgs;
use crate::events::live::{LiveOptions, LiveSink};
use crate::tournament::log::published_paths;
use crate::tournament::run::resume::RunPlan;
use crate::tournament::run::runner::Stop;

/// The live page of `plan`'s run, titled `title`, its first version written now (with the
/// games already in the log: a resumed tournament's).
pub fn open(args: &LiveArgs, title: &str, plan: &RunPlan) -> anyhow::Result<Option<LiveSink>> {
    let Some(path) = &args.live else {
        return Ok(None);
    };
    // The page is published as it is written: the host's paths out of what the bots wrote.
    let mut host_paths = published_paths::of_log(&plan.path, Some(&plan.header), None);
    for bot in plan.play_config.iter().flat_map(|c| &c.bots) {
        host_paths = host_paths.with_command(&bot.command);
    }
    let options = LiveOptions {
        path: path.clone(),
        every: args.live_every.0,
        title: title.to_string(),
        host_paths,
    };
    let scheduled = plan.header.scheduled_games as usize;
    LiveSink::start(options, scheduled, plan.tally.standings(), &plan.done)
        .map(Some)
        .map_err(|e| {
            anyhow::anyhow!(
                "--live {}: cannot write the page: {}",
                path.display(),
                e.source
            )
        })
}

/// The last write, showing the event as over; a failure is a warning (the games are logged).
pub fn close(live: Option<LiveSink>, stop: Stop, killed: bool) {
    let Some(live) = live else { return };
    let why = match stop {
        _ if killed => "stopped".to_string(),
        Stop::Completed => "every scheduled game played".to_string(),
        Stop::Sprt(decision) => format!("the SPRT decided: {decision}"),
        Stop::Interrupted => "stopped before the end".to_string(),
        Stop::TimeUp => "the run's time was up".to_string(),
    };
    if let Err(e) = live.finish(&why) {
        eprintln!("baraza: warning: --live: {e}: {}", e.source);
    }
}
