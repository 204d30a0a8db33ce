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
    json.replace('<', "\\u003c")
}

/// The whole page: `title`, the games (numbered from 1 in the page's address) and an optional
/// report section (the event's tables and plots, already HTML) above the viewer.
pub fn render(title: &str, games: &[GameView], report: Option<&str>) -> String {
    let data = script_json(&PageData { title, games });
    let title = escape_html(title);
    // Markers are replaced in the template only, in order, never inside what was put in.
    let parts: [(&str, &str); 6] = [
        ("{{TITLE}}", &title),
        ("/*STYLE*/", STYLE),
        ("{{TITLE}}", &title),
        ("{{REPORT}}", report.unwrap_or("")),
        ("{{DATA}}", &data),
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
