//! The host paths a published table or page of a log takes out of what its bots wrote
//! ([`HostPaths`]): the publisher's home and working directory, the folder of the log read, and
//! the folders of every bot's commands, as the header and the `replace` lines name them (for a
//! games.pgn, which names no command, the header of the games.jsonl beside it; for a league's
//! folder, whose log names none either, its entrants.toml).

use super::games_jsonl::Header;
use super::host_state::HostState;
use crate::escape::host_paths::HostPaths;
use std::path::Path;

/// The paths of the log at `read` (a folder, or a file whose folder is the output's).
pub fn of_log(read: &Path, header: Option<&Header>, host: Option<&HostState>) -> HostPaths {
    let folder = if read.is_dir() {
        read
    } else {
        read.parent().unwrap_or(Path::new("."))
    };
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let mut paths = HostPaths::of_this_process().with_output(folder);
    let beside = header.is_none().then(|| header_in(folder)).flatten();
    let commands = header
        .or(beside.as_ref())
        .into_iter()
        .flat_map(|h| h.event.bots.iter().map(|b| b.command.clone()));
    let replaced = host.into_iter().flat_map(HostState::replacement_commands);
    for command in commands.chain(replaced).chain(league_commands(folder)) {
        paths = paths.with_command(&command);
    }
    paths
}

/// The header of the games.jsonl in `folder`, if there is one to read.
fn header_in(folder: &Path) -> Option<Header> {
    use std::io::BufRead;
    let file = std::fs::File::open(folder.join(super::games_jsonl::GAMES_FILE)).ok()?;
    let mut first = String::new();
    std::io::BufReader::new(file).read_line(&mut first).ok()?;
    serde_json::from_str(&first).ok()
}

/// The command of every version a league's entrants.toml in `folder` lists (`[[version]]`,
/// `command = "..."`), if there is one.
fn league_commands(folder: &Path) -> Vec<String> {
    let Ok(text) = std::fs::read_to_string(folder.join("entrants.toml")) else {
        return Vec::new();
    };
    let Ok(table) = text.parse::<toml::Table>() else {
        return Vec::new();
    };
    let versions = table.get("version").and_then(toml::Value::as_array);
    versions
        .into_iter()
        .flatten()
        .filter_map(|v| v.get("command")?.as_str().map(str::to_string))
        .collect()
}
