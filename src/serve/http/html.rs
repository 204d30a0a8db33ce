//! The pieces every page is made of: the layout (the site's style sheet and script are files
//! of their own, so the policy needs no inline code), escaping, and the policy of a page that
//! does carry inline code (the game viewer, a self-contained page): its blocks by hash.

use crate::escape::html::escape_html as esc;
use base64::Engine as _;
use sha2::{Digest, Sha256};

/// A whole page: `title`, the signed-in participant's name if any, and the body (HTML).
pub fn layout(title: &str, who: Option<&str>, body: &str) -> String {
    let account = match who {
        Some(name) => format!(
            "<a href=\"/entrants/{n}\">{n}</a> · <a href=\"/submit\">submit</a> · \
             <form class=\"inline\" method=\"post\" action=\"/logout\"><button>sign out</button></form>",
            n = esc(name)
        ),
        None => "<a href=\"/login\">sign in</a>".to_string(),
    };
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{t}</title><link rel=\"stylesheet\" href=\"/assets/site.css\">\
         <script src=\"/assets/site.js\" defer></script></head><body>\
         <nav><a href=\"/\">leaderboard</a> · <a href=\"/enter\">how to enter</a> · \
         <a href=\"/api/games.pgn\">games.pgn</a><span class=\"account\">{account}</span></nav>\
         <main><h1>{t}</h1>\n{body}\n</main></body></html>\n",
        t = esc(title)
    )
}

/// The policy for a page with inline `<script>` and `<style>` blocks: exactly those, by their
/// SHA-256, and nothing else inline.
pub fn csp_for(page: &str) -> String {
    let hashes = |open: &str, close: &str| -> String {
        let mut out = String::new();
        let mut rest = page;
        while let Some(start) = rest.find(open) {
            let after = &rest[start + open.len()..];
            let Some(gt) = after.find('>') else { break };
            let tag = &after[..gt];
            let body = &after[gt + 1..];
            let Some(end) = body.find(close) else { break };
            if !tag.contains("src=") {
                let digest = Sha256::digest(&body.as_bytes()[..end]);
                let b64 = base64::engine::general_purpose::STANDARD.encode(digest);
                out.push_str(&format!(" 'sha256-{b64}'"));
            }
            rest = &body[end..];
        }
        out
    };
    format!(
        "default-src 'none'; script-src 'self'{}; style-src 'self'{}; img-src 'self' data:; \
         connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        hashes("<script", "</script>"),
        hashes("<style", "</style>")
    )
}

/// A rating history as an SVG line (presentation attributes only: the policy allows no inline
/// style). `points`: (games in the log, rating).
pub fn rating_plot(points: &[(u64, f64)]) -> String {
    if points.len() < 2 {
        return "<p>The history is drawn once there are ratings after two batches.</p>".into();
    }
    let (w, h, pad) = (600.0, 200.0, 30.0);
    let x0 = points[0].0 as f64;
    let x1 = points[points.len() - 1].0 as f64;
    let (lo, hi) = points.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
        (lo.min(p.1), hi.max(p.1))
    });
    let (lo, hi) = if hi - lo < 1.0 {
        (lo - 10.0, hi + 10.0)
    } else {
        (lo, hi)
    };
    let x = |g: f64| pad + (g - x0) / (x1 - x0).max(1.0) * (w - 2.0 * pad);
    let y = |r: f64| h - pad - (r - lo) / (hi - lo) * (h - 2.0 * pad);
    let line: Vec<String> = points
        .iter()
        .map(|&(g, r)| format!("{:.1},{:.1}", x(g as f64), y(r)))
        .collect();
    format!(
        "<svg class=\"plot\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"rating after each batch\">\
         <text x=\"{pad}\" y=\"14\" font-size=\"12\">{hi:.0}</text>\
         <text x=\"{pad}\" y=\"{yb}\" font-size=\"12\">{lo:.0}</text>\
         <text x=\"{xr}\" y=\"{yb}\" font-size=\"12\" text-anchor=\"end\">{x1} games</text>\
         <polyline fill=\"none\" stroke=\"#2a6\" stroke-width=\"2\" points=\"{}\"/></svg>",
        line.join(" "),
        yb = h - 8.0,
        xr = w - pad,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_lists_each_inline_block_by_its_hash() {
        let page = "<style>b{}</style><script src=\"/x.js\"></script><script>alert(1)</script>";
        let csp = csp_for(page);
        // `echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64`
        assert!(
            csp.contains("script-src 'self' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"),
            "{csp}"
        );
        assert_eq!(csp.matches("sha256-").count(), 2, "{csp}");
    }

    #[test]
    fn a_name_is_escaped_in_the_layout() {
        let page = layout("<b>", Some("a\"b"), "");
        assert!(page.contains("<title>&lt;b&gt;</title>"));
        assert!(!page.contains("a\"b"));
    }
}
