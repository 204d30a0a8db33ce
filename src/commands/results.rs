//! `baraza results DIR [--format text|json|csv|markdown|html] [--anchor NAME=ELO]`: the
//! tournament table, recomputed from games.jsonl alone (or from a `match --jsonl` file); as
//! HTML, the event's report page with a viewer of every game.
//!
//! Every format but HTML reads the log line by line ([`results_stream`]): its memory is the
//! table's, not the games'. The HTML page holds every game (its viewer), so it reads them all,
//! after the streamed table has said there are not more than a page holds.
//!
//! Every format is published as it is: the host's paths in what the bots wrote (a crash's
//! stderr) are placeholders ([`crate::escape::host_paths`]).

use super::write_json;
use crate::cli::{ResultsArgs, ResultsFormat};
use crate::escape::terminal::escape_lines;
use crate::tournament::log::published_paths;
use crate::tournament::{table::render, table::results, table::results_stream};
use crate::view;
use std::io::Write;

pub fn run(out: &mut dyn Write, args: ResultsArgs) -> anyhow::Result<()> {
    if args.verify {
        return super::verify_log::run(out, &args.dir);
    }
    let choices = results_stream::TableChoices {
        exclude: args.exclude.clone(),
        versions_apart: args.versions,
        // Every format is one to publish: none names a path of the host's.
        published: true,
    };
    let mut table = results_stream::standings_with(&args.dir, &choices)?;
    let format = match (args.format, args.json) {
        (Some(f), false) => f,
        (None, true) | (Some(ResultsFormat::Json), true) => ResultsFormat::Json,
        (None, false) => ResultsFormat::Text,
        (Some(f), true) => anyhow::bail!("--json and --format {f:?} disagree; give one"),
    };
    if let Some(a) = &args.anchor {
        results::anchor_ratings(&mut table, &a.name, a.elo)?;
    }
    let text = match format {
        ResultsFormat::Json => {
            let mut buf = Vec::new();
            write_json(&mut buf, &serde_json::to_value(&table)?)?;
            String::from_utf8(buf)?
        }
        // For a terminal: a name with ESC or U+202E in it is shown escaped, line by line.
        ResultsFormat::Text => escape_lines(&render::render_text(&table)),
        ResultsFormat::Csv => render::render_csv(&table),
        ResultsFormat::Markdown => render::render_markdown(&table),
        ResultsFormat::Html => {
            let n = table.games + table.unscored_games;
            if n > view::page::MAX_REPORT_GAMES {
                anyhow::bail!(
                    "--format html: {n} games are more than one page holds (at most {}: the page has every game in it); --format text, json, csv or markdown give the table of any number",
                    view::page::MAX_REPORT_GAMES
                );
            }
            let mut games = crate::tournament::log::reader::read_games_log(&args.dir)?;
            for bot in &args.exclude {
                games.host.exclude(bot);
            }
            let paths = published_paths::of_log(&args.dir, Some(&games.header), Some(&games.host));
            for g in &mut games.games {
                g.record.scrub_host_paths(&paths);
            }
            let records: Vec<_> = games.games.iter().map(|g| g.record.clone()).collect();
            let mut views = view::build_games(&records, None);
            view::game_view::set_ids(&mut views, &games);
            let title = view::event::event_name(&games);
            let report = view::report::render(&games, &views);
            let page = view::page::render(&title, &views, Some(&report));
            return match args.out {
                Some(path) => super::view::write_page(out, path, &page, views.len()),
                None => Ok(out.write_all(page.as_bytes())?),
            };
        }
    };
    match args.out {
        Some(path) => std::fs::write(&path, text)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display())),
        None => Ok(out.write_all(text.as_bytes())?),
    }
}
