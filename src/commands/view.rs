//! `baraza view LOG [-o FILE.html]`: one self-contained HTML page showing every game of a log.

use crate::cli::ViewArgs;
use crate::tournament::log::published_paths;
use crate::view;
use anyhow::Context;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where the page goes without `-o`: beside the log (`games.pgn` -> `games.html`), or
/// `DIR/view.html` for a run folder.
fn default_out(log: &Path) -> PathBuf {
    if log.is_dir() {
        log.join("view.html")
    } else {
        log.with_extension("html")
    }
}

pub fn run(out: &mut dyn Write, args: ViewArgs) -> anyhow::Result<()> {
    let mut loaded = view::load(&args.log)?;
    // A page to publish: the host's paths out of what the bots wrote.
    let log = loaded.log.as_ref();
    let paths = published_paths::of_log(&args.log, log.map(|l| &l.header), log.map(|l| &l.host));
    for record in &mut loaded.records {
        record.scrub_host_paths(&paths);
    }
    let info = match &args.logs {
        Some(dir) => {
            let mut info = view::load::info_of_games(dir, &loaded)?;
            for (_, text) in info.values_mut().flatten() {
                if let std::borrow::Cow::Owned(clean) = paths.scrub(text) {
                    *text = clean;
                }
            }
            Some(info)
        }
        None => None,
    };
    let mut games = view::build_games(&loaded.records, info);
    if let Some(log) = &loaded.log {
        view::game_view::set_ids(&mut games, log);
    }
    let title = args.title.clone().unwrap_or_else(|| {
        let name = args.log.file_name().map_or_else(
            || args.log.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        format!("baraza: {name}")
    });
    let page = view::page::render(&title, &games, None);
    write_page(
        out,
        args.out.unwrap_or_else(|| default_out(&args.log)),
        &page,
        games.len(),
    )
}

/// Write a page to `path` (`-`: to `out`), then say where on `out`.
pub fn write_page(
    out: &mut dyn Write,
    path: PathBuf,
    page: &str,
    games: usize,
) -> anyhow::Result<()> {
    if path.as_os_str() == "-" {
        out.write_all(page.as_bytes())?;
        return Ok(());
    }
    std::fs::write(&path, page).with_context(|| format!("cannot write {}", path.display()))?;
    writeln!(
        out,
        "wrote {} ({} game{}, {} KiB)",
        path.display(),
        games,
        if games == 1 { "" } else { "s" },
        page.len().div_ceil(1024)
    )?;
    Ok(())
}
