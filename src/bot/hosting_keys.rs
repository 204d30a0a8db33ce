//! The hosting keys, declared once: `memory`, `cpu-seconds`, `sandbox`, `env`, ... Each is a
//! command-line option of `match`, `tournament`, `check-bot`, `hosting-check` and `league new`
//! (`--memory`), a key of an event file's top level (every bot's) and, but for `affinity`, of
//! its `[[bot]]` tables (that bot's own) and of `league submit` (an entrant's own, kept in its
//! `[[version]]` table of entrants.toml), and a setting of a bot's hosting, hashed with the
//! event when it changes how a game is played.
//!
//! The list is `for_each_hosting_key!`'s. From it come the fields of
//! [`HostOptions`](super::hosting::HostOptions) and
//! [`BotHostOptions`](super::hosting::BotHostOptions) (the command line: each entry's doc
//! comment and `#[arg]` are its `--help`), of [`HostOverrides`](super::hosting::HostOverrides)
//! (a bot's settings, what the header holds) and of the event file's `BotEntry` and
//! `EventInputs` and the league's `Version` (flat, so that serde still refuses an unknown key
//! with the list of the known ones, and its line), and every copy between them. A new limit is one entry here, and its enforcement: one line in
//! `HostOverrides::apply_to` (`hosting.rs`), which names every key, onto the
//! [`SpawnOptions`](super::SpawnOptions) that enforce it.
//!
//! An entry is the option's doc comment and `#[arg(...)]`, then
//! `name: <command-line type> => <setting type>, <where>, <hashed>;` where `<where>` is `bot`
//! (a key of a `[[bot]]` table too) or `event` (the top level's alone), and `<hashed>` is
//! `hashed` (it changes play: in the header and the config hash) or `not_hashed` (where files
//! go). A switch is a `bool` on the command line (not given: no setting) and an `Option<bool>`
//! as a setting; the value kinds are those that implement [`Setting`].

use std::path::PathBuf;

/// Calls `$callback! { $carried... KEY... }` with the hosting keys of `$scope`, in the order of
/// `--help` and of the event file's list of known keys: `every` key, or those of a `bot`
/// (`affinity`, the event's alone, left out). Each `KEY` is one brace group:
/// `{ [doc attributes] (arg attribute's contents) name: CliType => SettingType, where, hashed }`.
macro_rules! for_each_hosting_key {
    // Every entry sorted: the callback gets what it carried, then the keys kept.
    (@keep $scope:ident, $callback:ident, { $($carried:tt)* }, [$($kept:tt)*],) => {
        $callback! { $($carried)* $($kept)* }
    };
    // A bot's keys leave out the event's own.
    (@keep bot, $callback:ident, $carried:tt, [$($kept:tt)*],
        $(#[doc = $doc:literal])* #[arg $arg:tt]
        $key:ident: $cli:ty => $set:ty, event, $hash:ident; $($rest:tt)*) => {
        $crate::bot::hosting_keys::for_each_hosting_key! {
            @keep bot, $callback, $carried, [$($kept)*], $($rest)*
        }
    };
    (@keep $scope:ident, $callback:ident, $carried:tt, [$($kept:tt)*],
        $(#[doc = $doc:literal])* #[arg $arg:tt]
        $key:ident: $cli:ty => $set:ty, $where:ident, $hash:ident; $($rest:tt)*) => {
        $crate::bot::hosting_keys::for_each_hosting_key! {
            @keep $scope, $callback, $carried,
            [$($kept)* { [$(#[doc = $doc])*] $arg $key: $cli => $set, $where, $hash }],
            $($rest)*
        }
    };
    ($scope:ident => $callback:ident! $carried:tt) => {
        $crate::bot::hosting_keys::for_each_hosting_key! { @keep $scope, $callback, $carried, [],

            /// Memory of each bot, in MiB: all its processes together (and, under --sandbox, its
            /// in-memory /tmp); over it, it loses with `exceeded --memory MB`
            #[arg(long, value_name = "MB")]
            memory: Option<u64> => Option<u64>, bot, hashed;

            /// CPU time of each bot, in seconds, all its processes together: a backstop against one
            /// that computes between its turns
            #[arg(long, value_name = "S")]
            cpu_seconds: Option<u64> => Option<u64>, bot, hashed;

            /// Largest file a bot may write, in MiB (RLIMIT_FSIZE: SIGXFSZ)
            #[arg(long, value_name = "MB")]
            max_file_size: Option<u64> => Option<u64>, bot, hashed;

            /// Processes and threads of each bot, all together, counted inside its own namespace
            /// (RLIMIT_NPROC; not enforced by the kernel for root, so refused there)
            #[arg(long, value_name = "N")]
            max_processes: Option<u64> => Option<u64>, bot, hashed;

            /// Open files of each bot process (RLIMIT_NOFILE)
            #[arg(long, value_name = "N")]
            open_files: Option<u64> => Option<u64>, bot, hashed;

            /// Pass the referee's NAME to the bots, or set NAME=VALUE (repeatable); by default a bot
            /// gets only PATH, LANG, LC_ALL, LC_CTYPE, LC_MESSAGES, TZ, and HOME = TMPDIR = its
            /// working directory
            #[arg(long = "env", value_name = "NAME[=VALUE]")]
            env: Vec<String> => Vec<String>, bot, hashed;

            /// Parent of the bots' working directories (one fresh directory per bot process)
            /// [default: the system's temporary directory]
            #[arg(long, value_name = "DIR")]
            workdir: Option<std::path::PathBuf> => Option<std::path::PathBuf>, bot, not_hashed;

            /// Keep each bot process's working directory instead of removing it afterwards
            #[arg(long)]
            keep_workdirs: bool => Option<bool>, bot, not_hashed;

            /// Run every bot under bubblewrap: no network, no host socket, a read-only view of the
            /// system and of its own folder only, a bounded in-memory /tmp (docs/hosting.md)
            #[arg(long)]
            sandbox: bool => Option<bool>, bot, hashed;

            /// Under --sandbox, let every bot read PATH too (repeatable; read-only). A bot sees only
            /// the system, the folders its command names and its own working directory by default
            #[arg(long, value_name = "PATH")]
            sandbox_read: Vec<std::path::PathBuf> => Vec<std::path::PathBuf>, bot, hashed;

            /// A command prefix for every bot, e.g. "nice -n 10" or "firejail --quiet" (split like a
            /// shell would; outside --sandbox's bwrap)
            #[arg(long, value_name = "CMD ARGS")]
            wrapper: Option<String> => Option<String>, bot, hashed;

            /// Pin each game's bots to cores of their own (with K games at once, game slot k gets
            /// core k mod cores; docs/hosting.md)
            #[arg(long)]
            affinity: bool => Option<bool>, event, not_hashed;

            /// Let bots compute between their turns. By default every process of a bot is stopped
            /// from its move to its next turn; a pondering bot takes CPU from its opponent's turn
            /// (docs/hosting.md: with --affinity it takes it from its own game only)
            #[arg(long)]
            ponder: bool => Option<bool>, bot, hashed;

            /// Send every bot the game's seed (`seed N` before `newgame`), not only the built-in
            /// ones: a bot that draws its random choices from it plays the same game again when the
            /// event is played again (protocol.md)
            #[arg(long)]
            send_seed: bool => Option<bool>, bot, hashed;
        }
    };
}

/// `if_hashed!(HASHED => TOKENS)`: the tokens for a key that is `hashed`, none for one that is
/// `not_hashed` (in statement position).
macro_rules! if_hashed {
    (hashed => $($body:tt)*) => { $($body)* };
    (not_hashed => $($body:tt)*) => {};
}

/// `if_per_bot!(WHERE => TOKENS)`: the tokens for a key a bot may have (`bot`), none for the
/// event's own (`event`) (in statement position).
macro_rules! if_per_bot {
    (bot => $($body:tt)*) => { $($body)* };
    (event => $($body:tt)*) => {};
}

pub(crate) use {for_each_hosting_key, if_hashed, if_per_bot};

/// The value of a hosting setting: given or not, one laid over another, hashed alike when it
/// says the same.
pub trait Setting: Clone + Default + PartialEq {
    /// `over` on top of `self`: a value `over` gives wins; lists add up, `over`'s after.
    fn overlay(&self, over: &Self) -> Self;

    /// Nothing given: left out of the header.
    fn is_unset(&self) -> bool {
        *self == Self::default()
    }

    /// The form that is hashed: a switch that is off is no setting, so that `sandbox = false`
    /// and no `sandbox` at all hash alike.
    fn normalized(self) -> Self {
        self
    }
}

macro_rules! one_value_settings {
    ($($t:ty),*) => {$(
        impl Setting for Option<$t> {
            fn overlay(&self, over: &Self) -> Self {
                over.clone().or_else(|| self.clone())
            }
        }
    )*};
}

one_value_settings!(u64, String, PathBuf);

impl Setting for Option<bool> {
    fn overlay(&self, over: &Self) -> Self {
        over.or(*self)
    }

    fn normalized(self) -> Self {
        self.filter(|on| *on)
    }
}

impl<T: Clone + PartialEq> Setting for Vec<T> {
    fn overlay(&self, over: &Self) -> Self {
        self.iter().chain(over).cloned().collect()
    }
}

/// A hosting option's value on the command line, as a setting: a switch not given is no
/// setting (its setting is `Some(true)` or nothing).
pub trait CommandLineValue {
    type Setting;
    fn setting(&self) -> Self::Setting;
}

impl CommandLineValue for bool {
    type Setting = Option<bool>;
    fn setting(&self) -> Option<bool> {
        self.then_some(true)
    }
}

impl<T: Clone> CommandLineValue for Option<T> {
    type Setting = Option<T>;
    fn setting(&self) -> Option<T> {
        self.clone()
    }
}

impl<T: Clone> CommandLineValue for Vec<T> {
    type Setting = Vec<T>;
    fn setting(&self) -> Vec<T> {
        self.clone()
    }
}
