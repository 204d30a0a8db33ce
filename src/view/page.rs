//! The page itself: the HTML template with its style sheet, its script and the games' data
//! written inline, so the file needs nothing else to work.

use super::GameView;
use serde::Serialize;

const TEMPLATE: &str = include_str!("assets/page.html");
const STYLE: &str = include_str!("assets/viewer.css");
const SCRIPT: &str = include_str!("assets/viewer.js");

/// The most games `baraza results --format html` puts on a page. Every game is in it (about
/// 4 KB of page and 30 KB of memory while it is written, a game of 76 plies): past this the
/// page is hundreds of megabytes, which no browser opens, and the other formats give the table.
pub const MAX_REPORT_GAMES: u64 = 50_000;

#[derive(Serialize)]
struct PageData<'a> {
    title: &'a str,
    games: &'a [GameView],
}

use crate::escape::html::escape_html;

/// JSON that can sit inside a `<script>` element: no `<` at all (so never `</script>` or
/// `<!--`), written as the JSON escape `\u003c`, which only occurs inside strings.
fn script_json(value: &impl Serialize) -> String {
    let json = serde_json::to_string(value).expect("page data serializes");
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            // Not in the file raw either (the page's script shows them visibly).
            c if crate::escape::bidi::is_bidi(c) => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// The whole page: `title`, the games (numbered from 1 in the page's address) and an optional
/// report section (the event's tables and plots, already HTML) above the viewer.
pub fn render(title: &str, games: &[GameView], report: Option<&str>) -> String {
    fill(title, &script_json(&PageData { title, games }), report)
}

/// One game's data as [`render_serialized`] takes it: written once, put on many pages (the
/// live page is rewritten every few seconds with the same finished games).
pub fn game_json(game: &GameView) -> String {
    script_json(game)
}

/// [`render`] of games already serialized with [`game_json`], in page order.
pub fn render_serialized(title: &str, games: &[&str], report: Option<&str>) -> String {
    let mut data = String::with_capacity(games.iter().map(|g| g.len() + 1).sum::<usize>() + 64);
    data.push_str("{\"title\":");
    data.push_str(&script_json(&title));
    data.push_str(",\"games\":[");
    for (i, g) in games.iter().enumerate() {
        if i > 0 {
            data.push(',');
        }
        data.push_str(g);
    }
    data.push_str("]}");
    fill(title, &data, report)
}

/// The template with its markers replaced: `data` is the page's JSON, ready for its script
/// element.
fn fill(title: &str, data: &str, report: Option<&str>) -> String {
    let title = escape_html(title);
    // Markers are replaced in the template only, in order, never inside what was put in.
    let parts: [(&str, &str); 6] = [
        ("{{TITLE}}", &title),
        ("/*STYLE*/", STYLE),
        ("{{TITLE}}", &title),
        ("{{REPORT}}", report.unwrap_or("")),
        ("{{DATA}}", data),
        ("/*SCRIPT*/", SCRIPT),
    ];
    let mut out = String::with_capacity(TEMPLATE.len() + STYLE.len() + SCRIPT.len() + data.len());
    let mut rest = TEMPLATE;
    for (marker, value) in parts {
        let (before, after) = rest
            .split_once(marker)
            .expect("the template holds every marker, in order");
        out.push_str(before);
        out.push_str(value);
        rest = after;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_cannot_close_its_script_element() {
        let s = script_json(&serde_json::json!({"name": "</script><!--"}));
        assert!(!s.contains('<'), "{s}");
        let back: serde_json::Value = serde_json::from_str(&s).unwrap();
        assert_eq!(back["name"], "</script><!--");
    }

    #[test]
    fn serialized_games_make_the_same_page() {
        let rec: crate::record::GameRecord = serde_json::from_value(serde_json::json!({
                "game": 3, "ruleset": "dara", "white": "a </script>", "black": "b",
                "result": "1-0", "termination": "normal", "reason": "r", "plies": 0,
                "moves": [], "times_ms": [], "start": "dara", "seed": 1,
                "time_control": "-", "event": "e", "site": "?", "date": "?", "round": "1"
        }))
        .unwrap();
        let views = [
            super::super::game_view::build(3, &rec, Default::default()),
            super::super::game_view::build(4, &rec, Default::default()),
        ];
        let json: Vec<String> = views.iter().map(game_json).collect();
        let refs: Vec<&str> = json.iter().map(String::as_str).collect();
        assert_eq!(
            render_serialized("t \"<", &refs, Some("<p>r</p>")),
            render("t \"<", &views, Some("<p>r</p>"))
        );
    }

    #[test]
    fn html_is_escaped() {
        assert_eq!(
            escape_html("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
    }

    #[test]
    fn a_page_has_no_marker_left_and_loads_nothing() {
        let page = render("t <1>", &[], Some("<p>r</p>"));
        for marker in [
            "{{TITLE}}",
            "/*STYLE*/",
            "{{REPORT}}",
            "{{DATA}}",
            "/*SCRIPT*/",
        ] {
            assert!(!page.contains(marker), "{marker}");
        }
        assert!(page.contains("<title>t &lt;1&gt;</title>"));
        for external in ["src=", "href=\"http", "@import", "url("] {
            assert!(!page.contains(external), "{external}");
        }
    }
}
