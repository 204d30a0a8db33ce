//! The README guides a newcomer, so it stays short and its links lead somewhere: every relative
//! Markdown link of README.md, protocol.md, bots/README.md and docs/*.md names a file that
//! exists, and every `#anchor` names a heading of its target (GitHub's slugs).

use crate::support::root;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The README is an entry point, not a reference: the details live in docs/.
const README_MAX_BYTES: u64 = 15_000;

#[test]
fn the_readme_stays_under_15_kb() {
    let size = std::fs::metadata(root().join("README.md")).unwrap().len();
    assert!(
        size < README_MAX_BYTES,
        "README.md is {size} bytes, over {README_MAX_BYTES}: move the details to docs/"
    );
}

#[test]
fn every_relative_link_of_the_docs_resolves() {
    let mut sources = vec![
        root().join("README.md"),
        root().join("protocol.md"),
        root().join("bots/README.md"),
    ];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    assert!(docs.len() >= 10, "docs/*.md: {docs:?}");
    sources.extend(docs);
    let mut anchors = Anchors::default();
    let mut broken = Vec::new();
    let mut checked = 0;
    for source in &sources {
        let text = std::fs::read_to_string(source).unwrap();
        for (line, target) in links(&text) {
            checked += 1;
            if let Err(why) = check(source, &target, &mut anchors) {
                let name = source.strip_prefix(root()).unwrap().display();
                broken.push(format!("{name}:{line}: ({target}): {why}"));
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} links found: is the parser right?"
    );
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The parser on a made-up page: a broken file and a broken anchor are both caught, code is
/// not read as links, and GitHub's slugs are followed.
#[test]
fn the_link_checker_catches_a_broken_link() {
    let dir = crate::support::temp_dir("docs-links");
    std::fs::write(
        dir.join("a.md"),
        "# Speed: `match` vs. tournament's\n\n## Notes\n## Notes\n\n```sh\n# not a heading\n```\n",
    )
    .unwrap();
    let page = "See [a](a.md#speed-match-vs-tournaments), [b](a.md#notes-1), [c](#here).\n\
                `[not](a link)` and\n```\n[nor](this)\n```\n\
                [gone](missing.md) [bad anchor](a.md#not-a-heading) [web](https://example.com)\n\
                ## Here\n";
    let b = dir.join("b.md");
    std::fs::write(&b, page).unwrap();
    let found: Vec<String> = links(page).into_iter().map(|(_, t)| t).collect();
    assert_eq!(
        found,
        [
            "a.md#speed-match-vs-tournaments",
            "a.md#notes-1",
            "#here",
            "missing.md",
            "a.md#not-a-heading",
            "https://example.com",
        ]
    );
    let mut anchors = Anchors::default();
    let verdicts: Vec<bool> = found
        .iter()
        .map(|t| check(&b, t, &mut anchors).is_ok())
        .collect();
    assert_eq!(verdicts, [true, true, true, false, false, true]);
}

/// Is `target`, a link found in `source`, a file that exists with the anchor it names?
fn check(source: &Path, target: &str, anchors: &mut Anchors) -> Result<(), String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return Ok(());
    }
    let (path, anchor) = match target.split_once('#') {
        Some((path, anchor)) => (path, Some(anchor)),
        None => (target, None),
    };
    let file = if path.is_empty() {
        source.to_path_buf()
    } else {
        source.parent().unwrap().join(path)
    };
    if !file.exists() {
        return Err(format!("no file {}", file.display()));
    }
    let Some(anchor) = anchor else {
        return Ok(());
    };
    if file.extension().is_none_or(|e| e != "md") {
        return Err("an anchor into a file that is not Markdown".into());
    }
    let slugs = anchors.of(&file);
    if slugs.contains(anchor) {
        Ok(())
    } else {
        Err(format!("no heading with the anchor #{anchor}"))
    }
}

/// The anchors of each Markdown file, read once.
#[derive(Default)]
struct Anchors(HashMap<PathBuf, HashSet<String>>);

impl Anchors {
    fn of(&mut self, file: &Path) -> &HashSet<String> {
        self.0.entry(file.to_path_buf()).or_insert_with(|| {
            let text = std::fs::read_to_string(file).unwrap();
            headings_slugs(&text)
        })
    }
}

/// The lines of `text` outside fenced code blocks, numbered from 1.
fn prose_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut fence: Option<&str> = None;
    text.lines().enumerate().filter_map(move |(i, line)| {
        let trimmed = line.trim_start();
        let marker = ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m));
        match (fence, marker) {
            (None, Some(m)) => {
                fence = Some(m);
                None
            }
            (Some(open), Some(m)) if open == m => {
                fence = None;
                None
            }
            (Some(_), _) => None,
            (None, None) => Some((i + 1, line)),
        }
    })
}

/// `line` with each inline code span blanked out (its backticks kept), so that code is not
/// read as Markdown.
fn without_code(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(start) = rest.find('`') {
        out.push_str(&rest[..start]);
        let run = rest[start..].len() - rest[start..].trim_start_matches('`').len();
        let ticks = &rest[start..start + run];
        let after = &rest[start + run..];
        match after.find(ticks) {
            Some(end) => {
                out.push_str(ticks);
                out.extend(after[..end].chars().map(|_| 'x'));
                out.push_str(ticks);
                rest = &after[end + run..];
            }
            None => {
                out.push_str(ticks);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Every inline link's target, `[text](target)` or `![alt](target)`, with its line number.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, line) in prose_lines(text) {
        let line = without_code(line);
        let mut rest = line.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            // `[text](target "title")` and `[text](<target>)`.
            let target = after[..end].split_whitespace().next().unwrap_or("");
            let target = target.trim_start_matches('<').trim_end_matches('>');
            found.push((number, target.to_string()));
            rest = &after[end + 1..];
        }
    }
    found
}

/// The anchors GitHub gives the headings of `text`: the heading's text as shown (code and
/// links as their text), lower case, spaces to '-', every other character but letters,
/// digits, '-' and '_' dropped; a repeated slug gets `-1`, `-2`...
fn headings_slugs(text: &str) -> HashSet<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut slugs = HashSet::new();
    for (_, line) in prose_lines(text) {
        let hashes = line.len() - line.trim_start_matches('#').len();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let shown = link_texts(line[hashes..].trim());
        let slug: String = shown
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                '-' | '_' => Some(c),
                c if c.is_alphanumeric() => Some(c),
                _ => None,
            })
            .collect();
        let count = seen.entry(slug.clone()).or_insert(0);
        let unique = match *count {
            0 => slug,
            n => format!("{slug}-{n}"),
        };
        *count += 1;
        slugs.insert(unique);
    }
    slugs
}

/// `[text](target)` written as its text alone.
fn link_texts(heading: &str) -> String {
    let mut out = String::new();
    let mut rest = heading;
    while let Some(at) = rest.find("](") {
        let Some(end) = rest[at..].find(')') else {
            break;
        };
        let open = rest[..at].rfind('[').unwrap_or(at);
        out.push_str(&rest[..open]);
        out.push_str(&rest[open + 1..at]);
        rest = &rest[at + end + 1..];
    }
    out.push_str(rest);
    out
}
