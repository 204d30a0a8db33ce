//! The command line as a user meets it: `--help`, usage errors, `rules`, `play`, `view`, and
//! the shell's completions and man pages, the README and docs that lead to them.

mod docs_links;
mod foreign_options;
mod help_and_checks;
mod live_browser;
mod play;
mod report_browser;
mod rules;
mod rules_bao;
mod shell;
mod view;
mod view_browser;
mod view_evals_browser;
mod view_layout_browser;
