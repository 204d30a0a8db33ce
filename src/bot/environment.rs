//! A bot's environment: cleared, then an allow-list of the referee's variables, its own `HOME`
//! and `TMPDIR` (its working directory), and what `--env` adds. A secret in the referee's
//! environment (a token, a key) never reaches a bot unless the host names it.

use std::ffi::OsString;
use std::path::Path;

/// Passed from the referee's environment when set: what programs need to be found and to speak
/// the host's language. Interpreters found through `PATH` (a pyenv shim, a nvm node) keep
/// working, since their shims name their own roots.
pub const ALLOWED: &[&str] = &["PATH", "LANG", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "TZ"];

/// Variables whose loss a bot's author can meet: unbuffered Python output, where modules and
/// libraries are found. When one is set for the referee but not passed with `--env`, a reason
/// that may come from its loss names it.
pub const NOTABLE: &[&str] = &[
    "PYTHONUNBUFFERED",
    "PYTHONPATH",
    "VIRTUAL_ENV",
    "LD_LIBRARY_PATH",
    "NODE_PATH",
    "CLASSPATH",
];

/// The [`NOTABLE`] variables set in the referee's environment (`host`) that a bot started with
/// `rules` does not get.
pub fn dropped(rules: &[EnvRule], host: impl Fn(&str) -> Option<OsString>) -> Vec<&'static str> {
    let named = |n: &str| {
        rules.iter().any(|r| match r {
            EnvRule::Pass(x) | EnvRule::Set(x, _) => x == n,
        })
    };
    NOTABLE
        .iter()
        .copied()
        .filter(|n| host(n).is_some() && !named(n))
        .collect()
}

/// What a reason adds for a [`NOTABLE`] variable the bot did not get (see [`dropped`]).
pub fn dropped_note(var: &str) -> String {
    format!(
        "{var} is set for baraza, but a bot's environment is cleared: '--env {var}' passes it on"
    )
}

/// One `--env` option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EnvRule {
    /// `--env NAME`: pass the referee's value through (nothing when it is unset).
    Pass(String),
    /// `--env NAME=VALUE`: set it.
    Set(String, String),
}

/// A `--env` value that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad --env '{0}': expected NAME or NAME=VALUE (NAME: letters, digits, _; not starting with a digit)")]
pub struct EnvRuleError(pub String);

impl EnvRule {
    pub fn parse(s: &str) -> Result<EnvRule, EnvRuleError> {
        let (name, value) = match s.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (s, None),
        };
        let valid = !name.is_empty()
            && !name.starts_with(|c: char| c.is_ascii_digit())
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if !valid {
            return Err(EnvRuleError(s.to_string()));
        }
        Ok(match value {
            Some(v) => EnvRule::Set(name.to_string(), v.to_string()),
            None => EnvRule::Pass(name.to_string()),
        })
    }
}

/// The whole environment of a bot whose working directory is `workdir`, given the referee's
/// variables `host` (a lookup, so tests need not change the real environment).
pub fn bot_env(
    rules: &[EnvRule],
    workdir: &Path,
    host: impl Fn(&str) -> Option<OsString>,
) -> Vec<(OsString, OsString)> {
    let mut env: Vec<(OsString, OsString)> = Vec::new();
    let mut put = |name: &str, value: OsString| {
        env.retain(|(n, _)| n != name);
        env.push((name.into(), value));
    };
    for name in ALLOWED {
        if let Some(v) = host(name) {
            put(name, v);
        }
    }
    put("HOME", workdir.as_os_str().to_owned());
    put("TMPDIR", workdir.as_os_str().to_owned());
    for rule in rules {
        match rule {
            EnvRule::Pass(n) => {
                if let Some(v) = host(n) {
                    put(n, v);
                }
            }
            EnvRule::Set(n, v) => put(n, v.into()),
        }
    }
    env
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_env_rules() {
        assert_eq!(EnvRule::parse("FOO"), Ok(EnvRule::Pass("FOO".into())));
        assert_eq!(
            EnvRule::parse("FOO=a=b"),
            Ok(EnvRule::Set("FOO".into(), "a=b".into()))
        );
        assert_eq!(
            EnvRule::parse("EMPTY="),
            Ok(EnvRule::Set("EMPTY".into(), String::new()))
        );
        for bad in ["", "=x", "1A", "A-B", "A B=c"] {
            assert!(EnvRule::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_notable_variable_set_here_and_not_passed_is_named() {
        let host = |n: &str| -> Option<OsString> {
            matches!(n, "PYTHONUNBUFFERED" | "PYTHONPATH" | "SECRET").then(|| "1".into())
        };
        assert_eq!(dropped(&[], host), ["PYTHONUNBUFFERED", "PYTHONPATH"]);
        let rules = [
            EnvRule::Pass("PYTHONUNBUFFERED".into()),
            EnvRule::Set("PYTHONPATH".into(), "/x".into()),
        ];
        assert!(dropped(&rules, host).is_empty());
    }

    #[test]
    fn only_the_allow_list_and_what_the_host_names_pass() {
        let host = |n: &str| -> Option<OsString> {
            match n {
                "PATH" => Some("/usr/bin".into()),
                "LANG" => Some("C.UTF-8".into()),
                "SECRET_TOKEN" => Some("hunter2".into()),
                "HOME" => Some("/root".into()),
                "OPT" => Some("yes".into()),
                _ => None,
            }
        };
        let env = bot_env(&[], Path::new("/tmp/w"), host);
        let get = |env: &[(OsString, OsString)], n: &str| {
            env.iter()
                .find(|(k, _)| k == n)
                .map(|(_, v)| v.to_string_lossy().into_owned())
        };
        assert_eq!(get(&env, "PATH").as_deref(), Some("/usr/bin"));
        assert_eq!(get(&env, "LANG").as_deref(), Some("C.UTF-8"));
        assert_eq!(get(&env, "HOME").as_deref(), Some("/tmp/w"));
        assert_eq!(get(&env, "TMPDIR").as_deref(), Some("/tmp/w"));
        assert_eq!(get(&env, "SECRET_TOKEN"), None);
        assert_eq!(env.len(), 4);
        let rules = [
            EnvRule::Pass("OPT".into()),
            EnvRule::Pass("UNSET".into()),
            EnvRule::Set("HOME".into(), "/h".into()),
        ];
        let env = bot_env(&rules, Path::new("/tmp/w"), host);
        assert_eq!(get(&env, "OPT").as_deref(), Some("yes"));
        assert_eq!(get(&env, "UNSET"), None);
        assert_eq!(get(&env, "HOME").as_deref(), Some("/h"));
        assert_eq!(env.len(), 5);
    }
}
