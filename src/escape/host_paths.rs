//! The host's paths taken out of text a bot wrote, before it is published: a crash's reason
//! quotes the bot's stderr, and a Python traceback names its script by its absolute path
//! (`File "/home/host/events/bots/alpha/bot.py", line 12`), a bot may print its working
//! directory or `HOME`. Each path the publisher knows is written as a placeholder:
//!
//! - `<bot>`: a bot's program folder (of each command word that names a file), and any bot
//!   working directory, `<parent>/baraza-bot-<pid>-<n>-<random>-<label>` (or `baraza-kept-`),
//!   known by its name, wherever its parent (the temporary folder, `--workdir`) is;
//! - `<event>`: the output folder being published (a tournament's `--out`, a league's folder);
//! - `~`: the home folder;
//! - `<cwd>`: the working directory.
//!
//! So `/home/host/events/bots/alpha/bot.py` reads `<bot>/bot.py`. The longest known path that
//! matches wins (a bot's folder inside the home is `<bot>`, not `~/...`), and only whole
//! components match: with the home `/home/host`, `/home/hostile` is left as it is. A command
//! word given relative (`bots/alpha/bot.py`) is matched by its components anywhere in an
//! absolute path too, as the folder it was run from may not be where the page is made.

use std::borrow::Cow;

/// Placeholders, as published.
pub const BOT: &str = "<bot>";
pub const EVENT: &str = "<event>";
pub const HOME: &str = "~";
pub const CWD: &str = "<cwd>";

/// The paths a publisher knows, and what each is written as.
#[derive(Clone, Debug, Default)]
pub struct HostPaths {
    /// Absolute paths (no trailing `/`, never `/` itself) and their placeholders.
    prefixes: Vec<(String, &'static str)>,
    /// Relative bot folders, by component (`bots/alpha` as `["bots", "alpha"]`): matched as
    /// whole components of an absolute path.
    folders: Vec<Vec<String>>,
    /// Relative command words naming a file (`bots/alpha/bot.py`, `bot.py`): the folder before
    /// them in an absolute path is the bot's.
    files: Vec<Vec<String>>,
}

impl HostPaths {
    /// The home (`HOME`) and working directory of this process, each as written and as the
    /// file system resolves it.
    pub fn of_this_process() -> HostPaths {
        let mut paths = HostPaths::default();
        if let Some(home) = std::env::var_os("HOME") {
            paths.add(std::path::Path::new(&home), HOME);
        }
        if let Ok(cwd) = std::env::current_dir() {
            paths.add(&cwd, CWD);
        }
        paths
    }

    /// `folder` (absolute, or from the working directory) is the output folder published.
    pub fn with_output(mut self, folder: &std::path::Path) -> HostPaths {
        let absolute = std::path::absolute(folder).unwrap_or_else(|_| folder.to_path_buf());
        self.add(&absolute, EVENT);
        self
    }

    /// The folders of a bot's command (`python3 bots/alpha/bot.py --net=/srv/nets/n.bin`):
    /// of each word, or `--name=value` value, with a `/`, and of a word naming a file in the
    /// working directory (`bot.py`). Relative ones are taken from the working directory and
    /// also matched anywhere ([`HostPaths`]). A built-in's command names none.
    pub fn with_command(mut self, command: &str) -> HostPaths {
        if command.starts_with("builtin:") {
            return self;
        }
        let words = shlex::split(command).unwrap_or_default();
        for (i, word) in words.iter().enumerate() {
            let word = match word.split_once('=') {
                Some((opt, value)) if opt.starts_with('-') => value,
                _ => word.as_str(),
            };
            if word.starts_with('-') || word.is_empty() {
                continue;
            }
            if i == 0 && is_system_program(word) {
                // An interpreter found on `PATH` (a league records it so): not the bot's.
                continue;
            }
            if word.contains('/') {
                self.add_word(word);
            } else if i > 0 && word.contains('.') && word != "." && word != ".." {
                // A script beside the referee (`python3 bot.py`).
                self.files.push(vec![word.to_string()]);
            }
        }
        self
    }

    fn add_word(&mut self, word: &str) {
        let path = std::path::Path::new(word);
        if path.is_absolute() {
            if let Some(folder) = path.parent() {
                self.add(folder, BOT);
            }
            return;
        }
        // `../bots/a.py`: what follows the last `..` is what a path elsewhere ends with.
        let parts: Vec<String> = word
            .split('/')
            .filter(|c| !c.is_empty() && *c != ".")
            .map(str::to_string)
            .collect();
        let parts = match parts.iter().rposition(|c| c == "..") {
            Some(k) => parts[k + 1..].to_vec(),
            None => parts,
        };
        if parts.is_empty() {
            return;
        }
        if let Ok(cwd) = std::env::current_dir() {
            if let Some(folder) = cwd.join(word).parent() {
                self.add(folder, BOT);
            }
        }
        if parts.len() > 1 {
            self.folders.push(parts[..parts.len() - 1].to_vec());
        }
        self.files.push(parts);
    }

    /// Know `path` (absolute) as `placeholder`, as written and as resolved.
    pub fn add(&mut self, path: &std::path::Path, placeholder: &'static str) {
        let mut forms = vec![path.to_path_buf()];
        if let Ok(real) = std::fs::canonicalize(path) {
            forms.push(real);
        }
        for form in forms {
            self.add_prefix(&form.to_string_lossy(), placeholder);
        }
    }

    /// Know the absolute path `text` as `placeholder` (the file system is not asked).
    pub fn add_prefix(&mut self, text: &str, placeholder: &'static str) {
        let text = text.trim_end_matches('/');
        if !text.starts_with('/') || self.prefixes.iter().any(|(p, _)| p == text) {
            return;
        }
        self.prefixes.push((text.to_string(), placeholder));
        // Longest first; of two equal, the first known (a bot's folder before the working
        // directory it may be).
        self.prefixes
            .sort_by_key(|(p, _)| std::cmp::Reverse(p.len()));
    }

    /// `text` with every known path written as its placeholder; borrowed when it names none.
    pub fn scrub<'a>(&self, text: &'a str) -> Cow<'a, str> {
        if !text.contains('/') && !text.contains(WORKDIR) {
            return Cow::Borrowed(text);
        }
        let mut out = String::new();
        let mut copied = 0;
        let mut prev: Option<char> = None;
        let mut at = 0;
        while at < text.len() {
            let c = text[at..].chars().next().expect("within the text");
            let starts = prev.is_none_or(|p| p != '/' && !is_name_char(p));
            if starts {
                if let Some((len, placeholder)) = self.match_at(&text[at..]) {
                    out.push_str(&text[copied..at]);
                    out.push_str(placeholder);
                    at += len;
                    copied = at;
                    prev = text[..at].chars().next_back();
                    continue;
                }
            }
            prev = Some(c);
            at += c.len_utf8();
        }
        if copied == 0 {
            return Cow::Borrowed(text);
        }
        out.push_str(&text[copied..]);
        Cow::Owned(out)
    }

    /// The longest known path `rest` starts with: its length and placeholder.
    fn match_at(&self, rest: &str) -> Option<(usize, &'static str)> {
        let absolute = rest.starts_with('/');
        // The path as text quotes it: up to a space, a quote, `:` ...
        let token = rest
            .find(|c: char| c != '/' && !is_name_char(c))
            .unwrap_or(rest.len());
        if !absolute && !rest[..token].contains(WORKDIR) {
            return None;
        }
        let mut best: Option<(usize, &'static str)> = None;
        let mut take = |len: usize, placeholder| {
            if best.is_none_or(|(l, _)| len > l) {
                best = Some((len, placeholder));
            }
        };
        if absolute {
            for (prefix, placeholder) in &self.prefixes {
                if rest.starts_with(prefix.as_str()) && ends_component(&rest[prefix.len()..]) {
                    take(prefix.len(), placeholder);
                    break;
                }
            }
            // A path the stderr tail cut short (`/home/host/ev...`) that only a known one
            // starts with: the most general such.
            if let Some(cut) = rest[..token].find("...").filter(|&cut| cut > 1) {
                let before = &rest[..cut];
                let mut known = self.prefixes.iter().rev();
                if let Some((_, placeholder)) = known.find(|(p, _)| p.starts_with(before)) {
                    take(cut, placeholder);
                }
            }
        }
        let comps = components(rest);
        for (k, &(start, end)) in comps.iter().enumerate() {
            // A working directory, wherever it is named: all before it goes too.
            let name = &rest[start..end];
            if is_workdir_name(name) || is_workdir_name_cut(name) {
                take(end, BOT);
            }
            if !absolute {
                continue;
            }
            let names = |n: usize| comps[k + 1 - n..=k].iter().map(|&(s, e)| &rest[s..e]);
            for folder in &self.folders {
                if folder.len() <= k + 1 && names(folder.len()).eq(folder.iter()) {
                    take(end, BOT);
                }
            }
            for file in &self.files {
                if file.len() <= k + 1 && names(file.len()).eq(file.iter()) {
                    // Up to the `/` before the file's first component.
                    let (first, _) = comps[k + 1 - file.len()];
                    take(first - 1, BOT);
                }
            }
        }
        best.filter(|&(len, _)| len > 0)
    }
}

/// A program in one of the system's own folders (`/usr/bin/python3`).
fn is_system_program(word: &str) -> bool {
    let folder = std::path::Path::new(word).parent();
    ["/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/local/bin"]
        .iter()
        .any(|f| folder == Some(std::path::Path::new(f)))
}

/// How every working directory's name starts.
const WORKDIR: &str = "baraza-";

/// A character of a file name as text quotes one: not a separator, a space, a quote or the
/// punctuation around a path (`file.py:12`, `(path)`, `cwd=path,`).
fn is_name_char(c: char) -> bool {
    !(c == '/'
        || c.is_whitespace()
        || c.is_control()
        || matches!(
            c,
            '"' | '\''
                | '`'
                | ':'
                | ';'
                | ','
                | '|'
                | '('
                | ')'
                | '['
                | ']'
                | '{'
                | '}'
                | '<'
                | '>'
                | '='
                | '\\'
        ))
}

/// Whether a path ends where `after` starts: at a `/`, the text's end, or a character no name
/// holds; dots ending a sentence (`in /home/host.`, `/home/host...`) are not part of it.
fn ends_component(after: &str) -> bool {
    after
        .trim_start_matches('.')
        .chars()
        .next()
        .is_none_or(|c| !is_name_char(c))
}

/// The components of the path `rest` starts with, as byte ranges: `/a/b c` has `a`, `b`.
fn components(rest: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut at = usize::from(rest.starts_with('/'));
    loop {
        let len = rest[at..]
            .find(|c: char| !is_name_char(c))
            .unwrap_or(rest.len() - at);
        if len == 0 {
            return out;
        }
        out.push((at, at + len));
        at += len;
        if !rest[at..].starts_with('/') {
            return out;
        }
        at += 1;
    }
}

/// `baraza-bot-<pid>-<n>-<6 random>-<label>` or `baraza-kept-...`, as
/// [`crate::bot::workdir`] names a bot's working directory.
fn is_workdir_name(name: &str) -> bool {
    let Some(rest) = name
        .strip_prefix("baraza-bot-")
        .or_else(|| name.strip_prefix("baraza-kept-"))
    else {
        return false;
    };
    let mut parts = rest.splitn(4, '-');
    let digits =
        |p: Option<&str>| p.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    digits(parts.next())
        && digits(parts.next())
        && parts
            .next()
            .is_some_and(|r| r.len() == 6 && r.bytes().all(|b| b.is_ascii_alphanumeric()))
        && parts.next().is_some_and(|l| {
            l.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
}

/// The start of a working directory's name, cut short by the stderr tail (`baraza-bot-12...`).
fn is_workdir_name_cut(name: &str) -> bool {
    name.ends_with("...") && (name.starts_with("baraza-bot-") || name.starts_with("baraza-kept-"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known() -> HostPaths {
        let mut p = HostPaths::default();
        p.add_prefix("/home/host", HOME);
        p.add_prefix("/home/host/events", CWD);
        p.add_prefix("/home/host/events/runs/cup/", EVENT);
        p.add_prefix("/home/host/events/bots/alpha", BOT);
        p
    }

    #[test]
    fn the_longest_known_path_wins() {
        let p = known();
        assert_eq!(
            p.scrub(r#"File "/home/host/events/bots/alpha/bot.py", line 12"#),
            r#"File "<bot>/bot.py", line 12"#
        );
        assert_eq!(
            p.scrub("/home/host/events/runs/cup/stderr/a.log"),
            "<event>/stderr/a.log"
        );
        assert_eq!(p.scrub("/home/host/events/x.txt"), "<cwd>/x.txt");
        assert_eq!(p.scrub("/home/host/.pyenv/lib/os.py"), "~/.pyenv/lib/os.py");
        assert_eq!(p.scrub("cwd=/home/host home=/home/host."), "cwd=~ home=~.");
        assert_eq!(p.scrub("(/home/host/events:3)"), "(<cwd>:3)");
        assert!(matches!(
            p.scrub("nothing /usr/lib/x.py here"),
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn only_whole_components_match() {
        let p = known();
        for text in [
            "/home/hostile/x",
            "/home/host.bak/x",
            "/srv/home/host/x",
            "x/home/host",
            "~/home/host",
            "/home/host/eventsx/a",
        ] {
            let expect = text.replace("/home/host/eventsx", "~/eventsx");
            assert_eq!(p.scrub(text), expect, "{text}");
        }
    }

    #[test]
    fn a_working_directory_is_known_by_its_name() {
        let p = HostPaths::default();
        assert_eq!(
            p.scrub(
                "boom in /tmp/baraza-bot-8881-1-VcTph8-alpha /tmp/baraza-bot-8881-1-VcTph8-alpha/x"
            ),
            "boom in <bot> <bot>/x"
        );
        assert_eq!(
            p.scrub("/srv/work dir/baraza-kept-12-3-a1B2c3-my_bot-2/out: no"),
            // A space ends a path as text quotes it: the folder's first word stays.
            "/srv/work <bot>/out: no"
        );
        assert_eq!(p.scrub("/srv/w/baraza-kept-12-3-a1B2c3-x/out"), "<bot>/out");
        assert_eq!(p.scrub("in baraza-bot-1-2-abcdef-b"), "in <bot>");
        // Not one of its names.
        for text in [
            "/tmp/baraza-bot-x-1-abcdef-a",
            "/tmp/baraza-bot-1-1-abc-a",
            "/tmp/baraza-bot-1-1-abcdef-a.py",
            "/tmp/mybaraza-bot-1-1-abcdef-a",
        ] {
            assert_eq!(p.scrub(text), text);
        }
    }

    #[test]
    fn a_relative_command_word_is_matched_anywhere() {
        let p =
            HostPaths::default().with_command("python3 -u ../bots/alpha/bot.py --net=nets/n.bin");
        assert_eq!(
            p.scrub(r#"File "/elsewhere/x/bots/alpha/lib/util.py", line 3"#),
            r#"File "<bot>/lib/util.py", line 3"#
        );
        assert_eq!(p.scrub("/a/b/nets/n.bin missing"), "<bot>/n.bin missing");
        assert_eq!(p.scrub("/a/bots/alphabet/x"), "/a/bots/alphabet/x");
        let p = HostPaths::default().with_command("python3 bot.py");
        assert_eq!(p.scrub(r#"File "/srv/x/bot.py""#), r#"File "<bot>/bot.py""#);
        let p = HostPaths::default().with_command("/usr/bin/python3 /opt/b/b.py");
        assert_eq!(
            p.scrub("/usr/bin/x /opt/b/lib.py"),
            "/usr/bin/x <bot>/lib.py"
        );
        let p = HostPaths::default().with_command("/opt/bots/b/run --fast");
        assert_eq!(p.scrub("/opt/bots/b/run: killed"), "<bot>/run: killed");
        assert!(HostPaths::default()
            .with_command("builtin:random")
            .files
            .is_empty());
    }

    #[test]
    fn a_path_cut_short_is_hidden_by_what_it_starts() {
        let p = known();
        assert_eq!(
            p.scrub(r#"File "/home/host/events/bots/al..."#),
            r#"File "<bot>..."#
        );
        assert_eq!(p.scrub("in /home/ho... | x"), "in ~... | x");
        assert_eq!(p.scrub("/home/host/events/bots/alpha/lo..."), "<bot>/lo...");
        assert_eq!(p.scrub("/usr/li... /h..."), "/usr/li... ~...");
        assert_eq!(p.scrub("at /tmp/baraza-bot-12-3-ab..."), "at <bot>");
    }

    #[test]
    fn the_root_is_never_a_known_path() {
        let mut p = HostPaths::default();
        p.add_prefix("/", HOME);
        p.add_prefix("relative", CWD);
        assert_eq!(p.scrub("/etc/passwd"), "/etc/passwd");
    }
}
