//! A bot computes only on its own time: between its turns every process of the bot is stopped
//! (SIGSTOP), and continued (SIGCONT) just before its clock starts. `--ponder` turns this off.
//!
//! Every process of a bot is in one process group that it cannot leave: the process that
//! execs the bot makes the group (in the fallback, `setsid` did), and its filter
//! ([`super::thaw_guard`]) refuses `setsid` and `setpgid` to it and to everything it starts.
//! So one `killpg` from the referee stops or continues them all: no helper process, no
//! waiting, the cost of a signal. A process forking at that moment passes the signal on to its
//! child (the kernel's rule for signals sent to many processes): nothing escapes. The
//! namespace's keeper and init are outside the group and never stopped. The same filter keeps
//! the bot from sending itself SIGCONT, the one thing that ends a stop.
//!
//! The stop is sent as soon as the bot's move has been read: from the moment `killpg` returns,
//! no process of the bot returns to its own code (one in a system call finishes it first, so a
//! write under way still lands: the drain before its next turn finds it). A continue is sent
//! just after the bot's turn was written and its clock started: the bot finds its turn as it
//! wakes.
//!
//! This replaced a relay through the namespace's init (`kill(-1)` on the referee's word): two
//! requests and two awaited answers a ply, and while init waited for a CPU the bot ran on: on
//! a core shared with a busy helper, 0.2 s of the opponent's time in a 1 s game.

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;

/// The stop and continue of one bot's processes.
pub(crate) struct Pauser {
    /// The bot's process group; `None` with `--ponder` or nothing to signal.
    group: Option<Pid>,
    /// Stopped (as far as the referee asked).
    stopped: bool,
}

impl Pauser {
    /// For the bot whose processes are the group `pgid`; never stopped when `ponder`.
    pub fn new(pgid: i32, ponder: bool) -> Pauser {
        Pauser {
            group: (!ponder && pgid > 0).then(|| Pid::from_raw(pgid)),
            stopped: false,
        }
    }

    /// Whether the bot was last stopped (and not continued since).
    pub fn is_stopped(&self) -> bool {
        self.stopped
    }

    /// Stop every process of the bot.
    pub fn stop(&mut self) {
        if !self.stopped {
            self.stopped = self.signal(Signal::SIGSTOP);
        }
    }

    /// Continue every process of the bot.
    pub fn resume(&mut self) {
        if self.stopped {
            self.stopped = false;
            self.signal(Signal::SIGCONT);
        }
    }

    /// Whether the signal was sent (not when the group is gone: the bot has exited).
    fn signal(&self, sig: Signal) -> bool {
        self.group.is_some_and(|g| killpg(g, sig).is_ok())
    }
}
