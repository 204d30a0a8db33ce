//! Small line plots as inline SVG: a page with plots still loads nothing.

use crate::escape::html::escape_html;
use std::fmt::Write as _;

/// One line of a plot: its label and its points (x, y).
pub struct Series {
    pub label: String,
    pub points: Vec<(f64, f64)>,
}

/// A horizontal line across the plot (a bound), with its label.
pub struct Rule {
    pub label: String,
    pub y: f64,
}

/// Twenty colours (the ten of matplotlib's tab10, then ten picked one by one as the farthest
/// in RGB from those already in), so an event of up to twenty bots has a colour for each;
/// lines past the tenth are also dashed. Past twenty, colours repeat.
pub const COLOURS: [&str; 20] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf", "#000000", "#0000ff", "#4b0082", "#ff1493", "#00ff7f", "#800000",
    "#66cdaa", "#2f4f4f", "#f4a460", "#808000",
];

/// The dash pattern of line `i`: solid for the first ten, dashed after.
fn dashes(i: usize) -> &'static str {
    if i % COLOURS.len() < 10 {
        ""
    } else {
        r#" stroke-dasharray="6 3""#
    }
}

const W: f64 = 720.0;
const H: f64 = 240.0;
const LEFT: f64 = 48.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 10.0;
const BOTTOM: f64 = 28.0;

/// An SVG line plot with axes labelled by their ranges, `x_label` under the x axis, and a
/// legend. `y_range` fixes the y axis (e.g. a score from 0 to 1); otherwise it fits the data
/// and the rules.
pub fn line_plot(
    series: &[Series],
    rules: &[Rule],
    x_label: &str,
    y_range: Option<(f64, f64)>,
) -> String {
    let ((x0, x1), (y0, y1)) = ranges(series, rules, y_range);
    let px = |x: f64| LEFT + (x - x0) / (x1 - x0) * (W - LEFT - RIGHT);
    let py = |y: f64| TOP + (y1 - y) / (y1 - y0) * (H - TOP - BOTTOM);
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg width="{W}" height="{H}" viewBox="0 0 {W} {H}" role="img">"##
    );
    let _ = write!(
        s,
        r##"<rect x="{LEFT}" y="{TOP}" width="{}" height="{}" fill="none" stroke="#ccc"/>"##,
        W - LEFT - RIGHT,
        H - TOP - BOTTOM
    );
    for (y, anchor) in [(y0, "end"), (y1, "end")] {
        let _ = write!(
            s,
            r##"<text x="{}" y="{:.1}" font-size="11" text-anchor="{anchor}" dominant-baseline="middle">{}</text>"##,
            LEFT - 4.0,
            py(y),
            number(y)
        );
    }
    for (x, anchor) in [(x0, "start"), (x1, "end")] {
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="{}" font-size="11" text-anchor="{anchor}">{}</text>"##,
            px(x),
            H - BOTTOM + 14.0,
            number(x)
        );
    }
    let _ = write!(
        s,
        r##"<text x="{}" y="{}" font-size="11" text-anchor="middle">{}</text>"##,
        (LEFT + W - RIGHT) / 2.0,
        H - 4.0,
        escape_html(x_label)
    );
    for r in rules {
        let y = py(r.y);
        let _ = write!(
            s,
            r##"<line x1="{LEFT}" x2="{}" y1="{y:.1}" y2="{y:.1}" stroke="#888" stroke-dasharray="4 3"/><text x="{}" y="{:.1}" font-size="11" text-anchor="end" fill="#555">{}</text>"##,
            W - RIGHT,
            W - RIGHT - 4.0,
            y - 3.0,
            escape_html(&r.label)
        );
    }
    for (i, line) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let mut d = String::new();
        for (x, y) in &line.points {
            let _ = write!(d, "{:.1},{:.1} ", px(*x), py(*y));
        }
        let _ = write!(
            s,
            r##"<polyline fill="none" stroke="{colour}" stroke-width="1.6"{} points="{}"><title>{}</title></polyline>"##,
            dashes(i),
            d.trim_end(),
            escape_html(&line.label)
        );
    }
    s.push_str("</svg>");
    if !series.is_empty() {
        s.push_str(r#"<div class="legend">"#);
        for (i, line) in series.iter().enumerate() {
            let _ = write!(
                s,
                r#"<span style="color:{}">{} {}</span>"#,
                COLOURS[i % COLOURS.len()],
                if dashes(i).is_empty() {
                    "&#x25A0;"
                } else {
                    "&#x254C;"
                },
                escape_html(&line.label)
            );
        }
        s.push_str("</div>");
    }
    s
}

/// The x range of the data, and the y range: `y_range`, or the data's and the rules'.
fn ranges(
    series: &[Series],
    rules: &[Rule],
    y_range: Option<(f64, f64)>,
) -> ((f64, f64), (f64, f64)) {
    let xs = series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
    let (x0, x1) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| {
        (a.min(x), b.max(x))
    });
    let (x0, x1) = if x0.is_finite() && x1 > x0 {
        (x0, x1)
    } else {
        (0.0, 1.0)
    };
    let (y0, y1) = y_range.unwrap_or_else(|| {
        let ys = series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.1))
            .chain(rules.iter().map(|r| r.y));
        let (a, b) = ys.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), y| {
            (a.min(y), b.max(y))
        });
        if a.is_finite() && b > a {
            (a, b)
        } else {
            (a.min(0.0) - 1.0, b.max(0.0) + 1.0)
        }
    });
    ((x0, x1), (y0, y1))
}

/// An axis number: whole numbers without decimals, others with two.
fn number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e9 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_map_into_the_frame() {
        let plot = line_plot(
            &[Series {
                label: "a<b".into(),
                points: vec![(1.0, 0.0), (3.0, 1.0)],
            }],
            &[Rule {
                label: "upper".into(),
                y: 0.5,
            }],
            "games",
            Some((0.0, 1.0)),
        );
        // x 1 -> LEFT, x 3 -> W - RIGHT; y 0 -> H - BOTTOM, y 1 -> TOP.
        assert!(plot.contains(r#"points="48.0,212.0 708.0,10.0""#), "{plot}");
        // The rule at y 0.5 is half way: 10 + 202 / 2 = 111.
        assert!(plot.contains(r#"y1="111.0""#), "{plot}");
        assert!(plot.contains("a&lt;b"));
    }

    #[test]
    fn sixteen_lines_have_sixteen_colours() {
        let series: Vec<Series> = (0..16)
            .map(|i| Series {
                label: format!("bot{i}"),
                points: vec![(1.0, 0.0), (2.0, 1.0)],
            })
            .collect();
        let plot = line_plot(&series, &[], "game", Some((0.0, 1.0)));
        let strokes: std::collections::HashSet<&str> = plot
            .split(r#"<polyline fill="none" stroke=""#)
            .skip(1)
            .map(|rest| &rest[..7])
            .collect();
        assert_eq!(strokes.len(), 16, "{strokes:?}");
        // And no two of the twenty look alike: at least 60 apart in RGB (of 441 at most).
        let rgb = |c: &str| -> [f64; 3] {
            [1, 3, 5].map(|i| f64::from(u8::from_str_radix(&c[i..i + 2], 16).unwrap()))
        };
        for (i, a) in COLOURS.iter().enumerate() {
            for b in &COLOURS[i + 1..] {
                let (x, y) = (rgb(a), rgb(b));
                let d = (0..3).map(|k| (x[k] - y[k]).powi(2)).sum::<f64>().sqrt();
                assert!(d >= 60.0, "{a} and {b} are {d:.0} apart");
            }
        }
    }
}
