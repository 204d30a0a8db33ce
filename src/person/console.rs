//! The console between `baraza play` and the stand-in ([`super::stand_in`]): a Unix socket in a
//! scratch folder of its own. `play` listens on it, the stand-in connects, and `play` relays it
//! to the person: its output to stdout, stdin's lines to it. A bot runs in a process group of
//! its own, which may not read the terminal: hence the relay.

use super::error::PersonError;
use std::io::{Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The console's socket, listened on, in a scratch folder removed when this is dropped.
pub struct Console {
    dir: tempfile::TempDir,
    socket: PathBuf,
    listener: UnixListener,
}

impl Console {
    /// A fresh scratch folder and the socket in it, listened on.
    pub fn listen() -> Result<Console, PersonError> {
        let dir = scratch()?;
        let socket = dir.path().join("console.sock");
        let listener = UnixListener::bind(&socket).map_err(|source| PersonError::Listen {
            path: socket.clone(),
            source,
        })?;
        listener.set_nonblocking(true)?;
        Ok(Console {
            dir,
            socket,
            listener,
        })
    }

    /// The socket's path, for the stand-in's `--console`.
    pub fn socket(&self) -> &Path {
        &self.socket
    }

    /// The scratch folder (other files of the game may go there: removed with it).
    pub fn folder(&self) -> &Path {
        self.dir.path()
    }

    /// The stand-in connecting, unless `ended` says the game ended first (it could not be
    /// started).
    pub fn accept(&self, ended: impl Fn() -> bool) -> Result<Option<UnixStream>, PersonError> {
        loop {
            match self.listener.accept() {
                Ok((s, _)) => {
                    s.set_nonblocking(false)?;
                    return Ok(Some(s));
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    if ended() {
                        return Ok(None);
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
                Err(e) => return Err(PersonError::Accept(e)),
            }
        }
    }
}

/// A scratch folder for the console socket and the bot's info log, removed at the end: made
/// atomically under a fresh name, mode 0700, so nobody else's folder in /tmp is ever used.
fn scratch() -> Result<tempfile::TempDir, PersonError> {
    use std::os::unix::fs::PermissionsExt;
    tempfile::Builder::new()
        .prefix(&format!("baraza-play-{}-", std::process::id()))
        .permissions(std::fs::Permissions::from_mode(0o700))
        .tempdir()
        .map_err(PersonError::Scratch)
}

/// Console output to `out` until the stand-in closes it; stdin's lines to the console on a
/// thread of their own (the end of stdin closes the console's input: the person resigns).
pub fn relay(out: &mut dyn Write, console: UnixStream) -> Result<(), PersonError> {
    let mut to_console = console.try_clone()?;
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut line = String::new();
        while stdin.read_line(&mut line).is_ok_and(|n| n > 0) {
            if to_console.write_all(line.as_bytes()).is_err() {
                return;
            }
            line.clear();
        }
        let _ = to_console.shutdown(std::net::Shutdown::Write);
    });
    let mut from_console = console;
    let mut buf = [0u8; 4096];
    loop {
        let n = match from_console.read(&mut buf) {
            Ok(0) | Err(_) => return Ok(()),
            Ok(n) => n,
        };
        out.write_all(&buf[..n])?;
        out.flush()?;
    }
}
