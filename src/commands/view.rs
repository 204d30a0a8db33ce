//! `baraza view LOG [-o FILE.html]`: one self-contained HTML page showing every game of a log.

use crate::cli::ViewArgs;
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
    let loaded = view::load(&args.log)?;
    let info = match &args.logs {
        Some(dir) => Some(view::load::info_of_games(dir, &loaded)?),
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
