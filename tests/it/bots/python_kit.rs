//! The Python starter kit (bots/python-kit/bot.py), a search over the `baraza` Python
//! package's engines: `check-bot` passes it on every game. Reported as ignored where the
//! package was not installed when the tests were built; `.ci/run` builds and installs it, so
//! under CI=true it always runs.

use crate::support::{baraza, need, Tool};

#[test]
#[cfg_attr(not(tool_python_package), ignore = "needs the baraza Python package")]
fn the_python_kit_passes_check_bot_on_every_game() {
    need(Tool::PythonPackage);
    let out = baraza()
        .args(["check-bot", "darra", "bao", "dara"])
        .arg("python3 bots/python-kit/bot.py")
        .args(["--json", "--startup-timeout", "5000"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{report:#}");
    assert_eq!(report["passed"], true, "{report:#}");
    // The hello, then four checks (two games, game after game, a single legal move, quit)
    // for each of the three rulesets, every one passed.
    let checks = report["checks"].as_array().unwrap();
    assert_eq!(checks.len(), 1 + 3 * 4, "{report:#}");
    assert!(checks.iter().all(|c| c["status"] == "ok"), "{report:#}");
    assert!(
        report["latency"]["moves"].as_u64().unwrap() > 10,
        "{report:#}"
    );
}
