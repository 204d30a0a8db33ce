//! A bot that could not be started for a reason of the host's, not its own: its working
//! directory could not be made (the disk, the folder's permissions), bubblewrap or the
//! `--wrapper` program is gone, or the system could not fork for either bot of a game. Such a
//! game says nothing about the bots, so the run records it as not played instead of a result
//! (a bot's own program missing or not executable stays that bot's loss).
//!
//! The start's error stays an [`io::Error`] (the spawn path's type); the host's ones carry a
//! [`HostCause`] inside, which [`host_cause`] finds again.

use std::io;

/// The marker inside an [`io::Error`] whose cause is the host's.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct HostCause(String);

/// `e`, marked as the host's fault (its kind and words kept).
pub fn host_error(e: io::Error) -> io::Error {
    if host_cause(&e).is_some() {
        return e;
    }
    io::Error::new(e.kind(), HostCause(e.to_string()))
}

/// The words of `e` when its cause is the host's.
pub fn host_cause(e: &io::Error) -> Option<String> {
    e.get_ref()
        .and_then(|inner| inner.downcast_ref::<HostCause>())
        .map(|c| c.0.clone())
}

/// Whether `e` is the system running short of processes or memory at the fork: the host's
/// fault when it hits both bots of a game (one bot alone may have used them up).
pub fn fork_shortage(e: &io::Error) -> bool {
    matches!(
        e.raw_os_error(),
        Some(code) if code == libc::EAGAIN || code == libc::ENOMEM
    )
}

/// The host's cause of a game whose missing bots were started with `starts` (one per bot that
/// had to be started, `None` for those that did): any error marked as the host's, or a fork
/// shortage that hit both bots.
pub fn game_host_cause(starts: &[Option<io::Error>]) -> Option<String> {
    let failed: Vec<&io::Error> = starts.iter().flatten().collect();
    if let Some(cause) = failed.iter().find_map(|e| host_cause(e)) {
        return Some(cause);
    }
    let all_short =
        starts.len() == 2 && failed.len() == 2 && failed.iter().all(|e| fork_shortage(e));
    all_short.then(|| format!("the system could not start a process: {}", failed[0]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(code: i32) -> io::Error {
        io::Error::from_raw_os_error(code)
    }

    #[test]
    fn a_marked_error_keeps_its_kind_and_words_and_is_found_again() {
        let e = host_error(io::Error::new(
            io::ErrorKind::PermissionDenied,
            "cannot create /srv/w/baraza-bot-1: Permission denied",
        ));
        assert_eq!(e.kind(), io::ErrorKind::PermissionDenied);
        assert_eq!(
            e.to_string(),
            "cannot create /srv/w/baraza-bot-1: Permission denied"
        );
        let cause = host_cause(&e).expect("marked");
        assert_eq!(cause, e.to_string());
        // Marking twice does not nest it.
        assert_eq!(host_cause(&host_error(e)).as_deref(), Some(cause.as_str()));
        // An error of the bot's program is not the host's.
        assert_eq!(host_cause(&os(libc::ENOENT)), None);
    }

    #[test]
    fn a_fork_shortage_is_the_hosts_only_when_it_hits_both_bots() {
        let short = || Some(os(libc::EAGAIN));
        let missing = || Some(os(libc::ENOENT));
        assert!(game_host_cause(&[short(), short()]).is_some());
        assert_eq!(game_host_cause(&[short(), None]), None);
        assert_eq!(game_host_cause(&[short()]), None);
        assert_eq!(game_host_cause(&[short(), missing()]), None);
        assert_eq!(game_host_cause(&[missing(), missing()]), None);
        let host = Some(host_error(os(libc::ENOTDIR)));
        assert!(game_host_cause(&[None, host]).is_some());
    }
}
