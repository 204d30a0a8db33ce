//! How bots are hosted: the hosting options of `match` and `tournament` (`--memory`, `--env`,
//! `--sandbox`, ...: [`HostOptions`]), a bot's own settings from an event file or from
//! `league submit`'s options ([`BotHostOptions`]) on top ([`HostOverrides`]), and the
//! [`SpawnOptions`] they make, checked before any game.
//!
//! These types have one field for each hosting key of [`super::hosting_keys`] (a bot's: all but
//! `affinity`), where the keys are declared once (with their `--help`); so do the event file's
//! `BotEntry` and `EventInputs` and a league's versions, through `with_hosting_keys!` here. What each key does to a bot's spawn options is
//! `HostOverrides::apply_to`.

use super::environment::{EnvRule, EnvRuleError};
use super::hosting_keys::{for_each_hosting_key, if_hashed, CommandLineValue, Setting};
use super::spawn::{SpawnCheckError, SpawnOptions};
use super::{split_command, SplitError};
use std::path::PathBuf;

/// A struct of command-line hosting options, from the hosting keys of a scope
/// (`for_each_hosting_key!`), and its options as a bot's settings.
macro_rules! host_options {
    (
        $(#[$struct_attr:meta])* $name:ident;
        $({ [$($doc:tt)*] $arg:tt $key:ident: $cli:ty => $set:ty, $where:ident, $hash:ident })*
    ) => {
        #[derive(clap::Args, Debug, Clone, Default)]
        $(#[$struct_attr])*
        pub struct $name {
            $( $($doc)* #[arg $arg] pub $key: $cli, )*
        }

        impl From<&$name> for HostOverrides {
            /// The command line's hosting options as a bot's settings (a switch not given is
            /// no setting; `--affinity` is the event's, not a bot's).
            fn from(o: &$name) -> HostOverrides {
                let mut host = HostOverrides::default();
                $( $crate::bot::hosting_keys::if_per_bot!($where => host.$key = o.$key.setting();); )*
                host
            }
        }
    };
}

for_each_hosting_key!(every => host_options! {
    /// The hosting options every bot of `match` and `tournament` gets (docs/hosting.md): one
    /// for each hosting key ([`super::hosting_keys`]).
    #[command(next_help_heading = "Hosting (docs/hosting.md)")]
    HostOptions;
});

for_each_hosting_key!(bot => host_options! {
    /// One bot's own hosting options on the command line (`league submit`): a bot's hosting
    /// keys ([`super::hosting_keys`]: every one but `--affinity`), laid over the event's.
    #[command(next_help_heading = "This entrant's own hosting, over league.toml's (docs/hosting.md)")]
    BotHostOptions;
});

/// `HostOverrides` and the copies between it and `HostOptions`, from a bot's hosting keys.
macro_rules! host_overrides {
    ($({ [$($doc:tt)*] $arg:tt $key:ident: $cli:ty => $set:ty, $where:ident, $hash:ident })*) => {
        /// One bot's own hosting settings in an event file, on top of the command line's (see
        /// docs/hosting.md): one for each hosting key a bot may have ([`super::hosting_keys`]:
        /// every one but `affinity`), under the command-line option's name. Those that change
        /// how a game is played are part of the event's header and config hash (a bot with none
        /// adds nothing, so such events keep their hash; its `Serialize` writes them); `workdir`
        /// and `keep_workdirs` say only where files go.
        #[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
        #[serde(default)]
        pub struct HostOverrides {
            $( $($doc)* pub $key: $set, )*
        }

        impl HostOverrides {
            /// Whether nothing of it changes how a game is played (what the header leaves out).
            pub fn plays_as_default(&self) -> bool {
                let mut default = true;
                $( if_hashed!($hash => default &= self.$key.is_unset();); )*
                default
            }

            /// `over`'s settings on top of `self`'s: a setting `over` gives wins; its `env`
            /// rules come after `self`'s (the later rule for a name wins) and its
            /// `sandbox_read` paths are added.
            pub fn overlay(&self, over: &HostOverrides) -> HostOverrides {
                HostOverrides { $( $key: self.$key.overlay(&over.$key), )* }
            }

            /// The same settings with every switch that is off left out, so that
            /// `sandbox = false` and no `sandbox` at all hash alike.
            pub fn normalized(self) -> HostOverrides {
                HostOverrides { $( $key: self.$key.normalized(), )* }
            }

            /// The settings that change play and are given, under their names, in the list's
            /// order.
            fn hashed(&self) -> Result<Vec<(&'static str, serde_json::Value)>, serde_json::Error> {
                let mut given = Vec::new();
                $( if_hashed!($hash =>
                    if !self.$key.is_unset() {
                        given.push((stringify!($key), serde_json::to_value(&self.$key)?));
                    }
                ); )*
                Ok(given)
            }
        }
    };
}

for_each_hosting_key!(bot => host_overrides! {});

/// The header's keys in the order they have always been written in: the config hash is that of
/// the header's text, so an event that gives several of them keeps its hash. A key not named
/// here (a newer one) comes after these, in the list's order.
const HEADER_ORDER: [&str; 11] = [
    "memory",
    "cpu_seconds",
    "max_file_size",
    "max_processes",
    "open_files",
    "sandbox",
    "wrapper",
    "ponder",
    "send_seed",
    "env",
    "sandbox_read",
];

impl serde::Serialize for HostOverrides {
    /// The settings that change play, those given alone (the header's `host` object).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{Error, SerializeMap};
        let mut given = self.hashed().map_err(S::Error::custom)?;
        given.sort_by_key(|(key, _)| {
            let at = HEADER_ORDER.iter().position(|k| k == key);
            at.unwrap_or(HEADER_ORDER.len())
        });
        let mut map = s.serialize_map(Some(given.len()))?;
        for (key, value) in &given {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// Adds the hosting keys of `$scope` (`bot` or `every`, see `for_each_hosting_key!`) to a struct
/// of the event file's, after its own fields, flat (so that serde's `deny_unknown_fields` still
/// names them all, and the line of a bad one), each with the `$attr`s given and its setting's
/// type; a method `hosting` that gives them as a bot's [`HostOverrides`], and `set_hosting`
/// that sets them from one.
macro_rules! with_hosting_keys {
    (
        keys: $scope:ident, $(#[$attr:meta])*;
        $(#[$struct_attr:meta])* $vis:vis struct $name:ident { $($body:tt)* }
    ) => {
        // The fields' attributes as one `cfg_attr`, usable in every field.
        $crate::bot::hosting_keys::for_each_hosting_key!($scope => with_hosting_keys! {
            @append [$(#[$struct_attr])*] (all(), $($attr),*) $vis $name { $($body)* }
        });
    };
    (
        @append [$($struct_attr:tt)*] $field_attrs:tt $vis:vis $name:ident { $($body:tt)* }
        $({ [$($doc:tt)*] $arg:tt $key:ident: $cli:ty => $set:ty, $where:ident, $hash:ident })*
    ) => {
        $($struct_attr)*
        $vis struct $name {
            $($body)*
            $( $($doc)* #[cfg_attr $field_attrs] pub $key: $set, )*
        }

        impl $name {
            /// The hosting keys given here, as a bot's settings (`affinity` aside).
            pub(crate) fn hosting(&self) -> $crate::bot::hosting::HostOverrides {
                let mut host = $crate::bot::hosting::HostOverrides::default();
                $( $crate::bot::hosting_keys::if_per_bot!(
                    $where => host.$key = self.$key.clone();
                ); )*
                host
            }

            /// A bot's settings given here as its hosting keys (`affinity` left as it is).
            pub fn set_hosting(&mut self, host: &$crate::bot::hosting::HostOverrides) {
                $( $crate::bot::hosting_keys::if_per_bot!(
                    $where => self.$key = host.$key.clone();
                ); )*
            }
        }
    };
}

pub(crate) use with_hosting_keys;

/// Hosting settings that cannot be used; one line for a person.
#[derive(Debug, thiserror::Error)]
pub enum HostingError {
    #[error(transparent)]
    Env(#[from] EnvRuleError),
    /// `--wrapper` on the command line (`wrapper` in an event file: `in_file`).
    #[error("{}: {error}", if *.in_file { "wrapper" } else { "--wrapper" })]
    Wrapper { in_file: bool, error: SplitError },
    #[error("--sandbox-read {}: {error}", .path.display())]
    SandboxRead {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error(transparent)]
    Unusable(#[from] SpawnCheckError),
    #[error("the current directory cannot be read: {0}")]
    CurrentDir(std::io::Error),
    /// A bot's own settings (its name first, as the event file's reader would want it).
    #[error("bot '{name}': {error}")]
    Bot {
        name: String,
        error: Box<HostingError>,
    },
}

impl HostOptions {
    /// The options every bot gets from the command line (per-bot settings go on top), checked.
    pub fn spawn_options(&self) -> Result<SpawnOptions, HostingError> {
        let opts = self.unchecked_spawn_options()?;
        opts.check()?;
        Ok(opts)
    }

    /// The same, not checked against this machine (`hosting-check` reports what would fail).
    pub fn unchecked_spawn_options(&self) -> Result<SpawnOptions, HostingError> {
        let mut opts = SpawnOptions::default();
        HostOverrides::from(self).apply_to(&mut opts, false)?;
        Ok(opts)
    }

    /// Every bot's hosting options, from `(name, its own settings)`: the command line's, with
    /// its own on top. `hidden`: the run's outputs, kept from the bots' sight under
    /// `--sandbox`.
    pub fn bot_hosts<'a>(
        &self,
        bots: impl IntoIterator<Item = (&'a str, &'a HostOverrides)>,
        hidden: &[PathBuf],
    ) -> Result<Vec<SpawnOptions>, HostingError> {
        let mut base = self.spawn_options()?;
        // Absolute now, looked at when each bot starts (a log file may not exist yet).
        let here = std::env::current_dir().map_err(HostingError::CurrentDir)?;
        base.hidden = hidden.iter().map(|p| here.join(p)).collect();
        bots.into_iter()
            .map(|(name, own)| {
                let mut h = with_overrides(&base, own).map_err(|error| HostingError::Bot {
                    name: name.to_string(),
                    error: Box::new(error),
                })?;
                h.label = name.to_string();
                Ok(h)
            })
            .collect()
    }
}

/// A bot's own event-file settings on top of the command line's options.
fn with_overrides(base: &SpawnOptions, o: &HostOverrides) -> Result<SpawnOptions, HostingError> {
    let mut opts = base.clone();
    o.apply_to(&mut opts, true)?;
    opts.check()?;
    Ok(opts)
}

impl HostOverrides {
    /// A bot's spawn options from these settings alone (an event file's, resolved), not
    /// checked against this machine (`hosting-check --config` reports what would fail).
    pub fn unchecked_spawn_options(&self) -> Result<SpawnOptions, HostingError> {
        let mut opts = SpawnOptions::default();
        self.apply_to(&mut opts, true)?;
        Ok(opts)
    }

    /// These settings over `opts`: what each hosting key does to a bot's spawn options, where
    /// it is enforced (a setting not given leaves `opts` as it is; lists add up). `in_file`:
    /// they come from an event file, not the command line (for the errors' words).
    fn apply_to(&self, opts: &mut SpawnOptions, in_file: bool) -> Result<(), HostingError> {
        // Every key named, so that a new one cannot be left out here.
        let HostOverrides {
            memory,
            cpu_seconds,
            max_file_size,
            max_processes,
            open_files,
            env,
            workdir,
            keep_workdirs,
            sandbox,
            sandbox_read,
            wrapper,
            ponder,
            send_seed,
        } = self;
        let l = &mut opts.limits;
        l.memory_mb = memory.or(l.memory_mb);
        l.cpu_seconds = cpu_seconds.or(l.cpu_seconds);
        l.max_file_size_mb = max_file_size.or(l.max_file_size_mb);
        l.max_processes = max_processes.or(l.max_processes);
        l.open_files = open_files.or(l.open_files);
        for e in env {
            opts.env.push(EnvRule::parse(e)?);
        }
        if let Some(dir) = workdir {
            opts.workdir_parent = Some(dir.clone());
        }
        opts.keep_workdirs = keep_workdirs.unwrap_or(opts.keep_workdirs);
        opts.sandbox = sandbox.unwrap_or(opts.sandbox);
        if let Some(w) = wrapper {
            opts.wrapper =
                split_command(w).map_err(|error| HostingError::Wrapper { in_file, error })?;
        }
        opts.sandbox_read.extend(absolute_all(sandbox_read)?);
        opts.ponder = ponder.unwrap_or(opts.ponder);
        opts.send_seed = send_seed.unwrap_or(opts.send_seed);
        Ok(())
    }
}

/// `--sandbox-read` paths, absolute (a path that does not exist is an error before any game).
fn absolute_all(paths: &[PathBuf]) -> Result<Vec<PathBuf>, HostingError> {
    paths
        .iter()
        .map(|p| {
            std::fs::canonicalize(p).map_err(|error| HostingError::SandboxRead {
                path: p.clone(),
                error,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_keeps_its_names_and_order() {
        // Given in another order, with where files go: written in the order it always was,
        // without them (the config hash is that of this text).
        let given = r#"{"sandbox_read":["/"],"env":["A=1"],"send_seed":true,"ponder":true,
            "wrapper":"nice","sandbox":true,"open_files":4,"max_processes":3,
            "max_file_size":2,"cpu_seconds":1,"memory":5,"workdir":"/w","keep_workdirs":true}"#;
        let host: HostOverrides = serde_json::from_str(given).unwrap();
        assert_eq!(
            serde_json::to_string(&host).unwrap(),
            r#"{"memory":5,"cpu_seconds":1,"max_file_size":2,"max_processes":3,"open_files":4,"sandbox":true,"wrapper":"nice","ponder":true,"send_seed":true,"env":["A=1"],"sandbox_read":["/"]}"#
        );
        assert!(!host.plays_as_default());
        let files_only = HostOverrides {
            workdir: host.workdir.clone(),
            keep_workdirs: host.keep_workdirs,
            ..HostOverrides::default()
        };
        assert!(files_only.plays_as_default());
        assert_eq!(serde_json::to_string(&files_only).unwrap(), "{}");
    }

    #[test]
    fn a_switch_that_is_off_is_no_setting_and_lists_add_up() {
        let file = HostOverrides {
            sandbox: Some(false),
            env: vec!["A=1".into()],
            memory: Some(512),
            ..HostOverrides::default()
        };
        let own = HostOverrides {
            env: vec!["A=2".into()],
            memory: Some(256),
            ponder: Some(true),
            ..HostOverrides::default()
        };
        let host = file.overlay(&own).normalized();
        assert_eq!(
            host,
            HostOverrides {
                env: vec!["A=1".into(), "A=2".into()],
                memory: Some(256),
                ponder: Some(true),
                ..HostOverrides::default()
            }
        );
    }
}
