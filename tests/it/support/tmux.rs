//! tmux as a real terminal for the tests of what a person sees (`play`, `replay` stepping):
//! a server on a private socket, one session, its screen read back by polling.

use std::time::{Duration, Instant};

/// tmux on a private server socket, killed when dropped.
pub struct Tmux(String);

/// The name of the one session.
pub const SESSION: &str = "play";

impl Tmux {
    /// A server named `name` (made unique with this process's id) whose one 120x50 session
    /// [`SESSION`] runs the shell command `cmd`.
    pub fn start(name: &str, cmd: &str) -> Tmux {
        let tmux = Tmux(format!("{name}-{}", std::process::id()));
        tmux.run(&[
            "new-session",
            "-d",
            "-s",
            SESSION,
            "-x",
            "120",
            "-y",
            "50",
            cmd,
        ]);
        tmux
    }

    pub fn run(&self, args: &[&str]) -> String {
        let out = std::process::Command::new("tmux")
            .args(["-L", &self.0])
            .args(args)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Sends `keys` (tmux's names: `Left`, `Enter`, `C-c`, or text) to the session.
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", SESSION];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// The screen with its colours (escape sequences).
    pub fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-e", "-t", SESSION])
    }

    /// The screen as text, without colours.
    pub fn text(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", SESSION])
    }

    pub fn wait_for(&self, text: &str) -> String {
        self.wait_until(text, |s| s.contains(text))
    }

    /// The first screen `seen` accepts (`what` names it when none comes in 60 s: the machine
    /// may be loaded).
    pub fn wait_until(&self, what: &str, seen: impl Fn(&str) -> bool) -> String {
        poll(what, || self.screen(), seen)
    }

    /// The first screen, as text without colours, that holds `text`.
    pub fn wait_for_text(&self, text: &str) -> String {
        poll(text, || self.text(), |s| s.contains(text))
    }
}

/// The first `capture()` that `seen` accepts, asked every 50 ms for 60 s.
fn poll(what: &str, capture: impl Fn() -> String, seen: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let s = capture();
        if seen(&s) {
            return s;
        }
        assert!(Instant::now() < deadline, "never saw {what} on:\n{s}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}
