//! Headless Chromium driven over WebDriver (chromedriver), for the tests of the HTML pages:
//! the browser starts with no network of its own (no background networking, updates, sync or
//! QUIC), and the driver and the browser are stopped by their pid when dropped.

use super::{on_path, CHROMIUM};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// chromedriver, killed by its pid when dropped, and the Chromium its sessions start.
pub struct Driver {
    child: Child,
    base: String,
    chromium: PathBuf,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Driver {
    /// chromedriver and Chromium from the PATH (a test checks `Tool::Chromium` first).
    pub fn start() -> Driver {
        let exe = on_path(&["chromedriver"]).expect("chromedriver on the PATH");
        let chromium = on_path(CHROMIUM).expect("chromium on the PATH");
        let port = free_port();
        let child = std::process::Command::new(exe)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let driver = Driver {
            child,
            base: format!("http://127.0.0.1:{port}"),
            chromium,
        };
        // Ready when its status says so (it starts in well under a second here).
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let ready = ureq::get(&format!("{}/status", driver.base))
                .call()
                .ok()
                .and_then(|r| r.into_json::<Value>().ok())
                .is_some_and(|v| v["value"]["ready"] == true);
            if ready {
                return driver;
            }
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// One browser session; deleted (the browser quits) when dropped.
pub struct Session<'a> {
    driver: &'a Driver,
    id: String,
}

impl<'a> Session<'a> {
    pub fn new(driver: &'a Driver, profile: &Path) -> Session<'a> {
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": driver.chromium.to_string_lossy(),
                "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                         "--no-first-run", "--disable-background-networking",
                         "--disable-component-update", "--disable-sync",
                         "--disable-dev-shm-usage",
                         format!("--user-data-dir={}", profile.display()),
                         "--window-size=1400,900"],
            },
            "goog:loggingPrefs": {"browser": "ALL", "performance": "ALL"},
        }}});
        let v: Value = ureq::post(&format!("{}/session", driver.base))
            .send_json(caps)
            .expect("new session")
            .into_json()
            .unwrap();
        let id = v["value"]["sessionId"]
            .as_str()
            .expect("session id")
            .to_string();
        Session { driver, id }
    }

    fn url(&self, path: &str) -> String {
        format!("{}/session/{}{path}", self.driver.base, self.id)
    }

    pub fn post(&self, path: &str, body: Value) -> Value {
        match ureq::post(&self.url(path)).send_json(body) {
            Ok(r) => r.into_json::<Value>().unwrap()["value"].clone(),
            Err(ureq::Error::Status(code, r)) => {
                panic!(
                    "{path}: HTTP {code}: {}",
                    r.into_string().unwrap_or_default()
                )
            }
            Err(e) => panic!("{path}: {e}"),
        }
    }

    pub fn get(&self, path: &str) -> Value {
        ureq::get(&self.url(path))
            .call()
            .unwrap()
            .into_json::<Value>()
            .unwrap()["value"]
            .clone()
    }

    pub fn open(&self, url: &str) {
        self.post("/url", json!({ "url": url }));
    }

    pub fn js(&self, script: &str) -> Value {
        self.post("/execute/sync", json!({"script": script, "args": []}))
    }

    /// [`Session::js`] on a page that reloads itself: `None` when the call failed (the
    /// document went away under it).
    pub fn try_js(&self, script: &str) -> Option<Value> {
        let body = json!({"script": script, "args": []});
        let r = ureq::post(&self.url("/execute/sync"))
            .send_json(body)
            .ok()?;
        Some(r.into_json::<Value>().ok()?["value"].clone())
    }

    pub fn key(&self, key: &str) {
        self.post(
            "/actions",
            json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
                {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]}]}),
        );
    }

    /// (game, ply, position) the board shows.
    pub fn board(&self) -> (u64, usize, String) {
        let v = self.js(
            "var b = document.getElementById('board');\
             return [b.getAttribute('data-game'), b.getAttribute('data-ply'), b.getAttribute('data-position')];",
        );
        (
            v[0].as_str().unwrap().parse().unwrap(),
            v[1].as_str().unwrap().parse().unwrap(),
            v[2].as_str().unwrap().to_string(),
        )
    }

    pub fn log(&self, kind: &str) -> Vec<Value> {
        self.post("/se/log", json!({ "type": kind }))
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// The page fetched nothing (no resource, no network request: the browser's own
    /// chrome:// and about: pages are not the page's doing) and logged no error or warning;
    /// `what` names the page in a failure.
    pub fn assert_offline_and_quiet(&self, what: &str) {
        let resources = self.js("return performance.getEntriesByType('resource').length;");
        assert_eq!(resources, json!(0), "{what}: the page fetched resources");
        for entry in self.log("performance") {
            let msg: Value = serde_json::from_str(entry["message"].as_str().unwrap()).unwrap();
            if msg["message"]["method"] == "Network.requestWillBeSent" {
                let url = msg["message"]["params"]["request"]["url"].as_str().unwrap();
                let network = ["http:", "https:", "ws:", "wss:", "ftp:"];
                assert!(
                    !network.iter().any(|s| url.starts_with(s)),
                    "{what}: network request to {url}"
                );
            }
        }
        let errors: Vec<Value> = self
            .log("browser")
            .into_iter()
            .filter(|e| e["level"] == "SEVERE" || e["level"] == "WARNING")
            .collect();
        assert!(errors.is_empty(), "{what}: the console logged {errors:?}");
    }
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        let _ = ureq::delete(&self.url("")).call();
    }
}

/// Save the page's screenshot as `path` (a PNG); its bytes.
pub fn screenshot(session: &Session, path: &Path) -> Vec<u8> {
    use base64::Engine as _;
    let png = session.get("/screenshot");
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(png.as_str().expect("a screenshot"))
        .expect("base64");
    assert!(bytes.starts_with(b"\x89PNG"), "not a PNG");
    std::fs::write(path, &bytes).unwrap();
    bytes
}
