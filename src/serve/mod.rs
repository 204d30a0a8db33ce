//! `baraza serve`: a league with a front door. Strangers submit source code over HTTP; the
//! server builds it in the sandbox, checks it under the league's set-up and enters it as the
//! participant's next version, while the league plays without pause and the site shows the
//! leaderboard, each entrant and each game (docs/serve.md).
//!
//! Three threads of work beside the requests, data flowing one way: the build worker
//! ([`pipeline`]) moves submissions from the store to entrants.toml; the league loop
//! ([`play`]) plays batches into games.jsonl and makes the pages' [`snapshot`]; requests
//! ([`http`]) read the snapshot and the store, and add submissions to the store.
//!
//! - [`store`]: the server's SQLite records (participants, sessions, submissions, ratings);
//! - [`secrets`], [`invite`]: tokens and sessions, and participants made with a token;
//! - [`archive`], [`recipes`], [`build`], [`folders`]: an upload unpacked, built and kept;
//! - [`rate`], [`wake`], [`kit_archive`]: small helpers.

pub mod archive;
pub mod build;
pub mod folders;
pub mod http;
pub mod invite;
pub mod kit_archive;
pub mod pipeline;
pub mod play;
pub mod rate;
pub mod recipes;
pub mod secrets;
pub mod snapshot;
pub mod store;
pub mod wake;

use crate::league::batch_games::PlayChoices;
use crate::league::folder::League;
use crate::league::lock;
use anyhow::{bail, Context};
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What `baraza serve` was asked.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    pub dir: PathBuf,
    pub listen: SocketAddr,
    pub concurrency: Option<usize>,
    pub batch_games: u64,
    pub open_registration: bool,
    /// Registrations a minute when open.
    pub registrations_per_minute: usize,
    pub cores: usize,
    /// Play the batches as Slurm job arrays (`--slurm`).
    pub slurm: Option<crate::league::slurm::SlurmOptions>,
}

/// The setting under which `league invite` finds the site's address.
pub const URL_SETTING: &str = "url";

/// Whether league.toml sandboxes the bots: a server runs strangers' code.
fn sandboxed(league: &League) -> bool {
    league.inputs.sandbox == Some(true)
}

/// Run the server until Ctrl-C or SIGTERM. Its first line on `out` is `listening on URL`.
pub fn serve(out: &mut dyn Write, o: ServeOptions) -> anyhow::Result<()> {
    let league = Arc::new(League::open(&o.dir)?);
    if !sandboxed(&league) {
        bail!(
            "{} does not sandbox its bots: a server runs strangers' code, so league.toml needs `sandbox = true` (and bubblewrap installed)",
            league.dir.join(crate::league::folder::SETTINGS_FILE).display()
        );
    }
    let tools = build::Tools::find().context("builds run in the sandbox")?;
    // One player of the league's games: a `league run` beside the server is refused, and the
    // server is refused beside one.
    let _run_lock = lock::hold(&league.dir, lock::RUN_LOCK, false)?;
    let store = store::Store::open(&league.dir)?;
    let folders = folders::Folders::new(&league.dir);
    std::fs::create_dir_all(&folders.root)
        .with_context(|| format!("cannot create {}", folders.root.display()))?;
    let snapshot = snapshot::Shared::new(&league)?;
    let arrivals = wake::Wake::default();
    let entered = wake::Wake::default();
    let pipeline = pipeline::Pipeline {
        store: store.clone(),
        league: league.clone(),
        folders: folders.clone(),
        tools,
        arrivals: arrivals.clone(),
        entered: entered.clone(),
    };
    pipeline.recover()?;
    let player = play::Player {
        league: league.clone(),
        store: store.clone(),
        snapshot: snapshot.clone(),
        choices: PlayChoices {
            concurrency: o.concurrency,
            force: false,
            quiet: true,
            cores: o.cores,
            start_until: None,
        },
        batch_games: o.batch_games,
        entered: entered.clone(),
        rated_at: AtomicU64::new(u64::MAX),
        slurm: o.slurm.clone(),
    };
    let state = http::AppState {
        store: store.clone(),
        league: league.clone(),
        folders,
        snapshot,
        arrivals: arrivals.clone(),
        open_registration: o.open_registration,
        registrations: Arc::new(rate::Rate::new(o.registrations_per_minute)),
        token_checks: Arc::new(http::auth::TokenChecks::new(o.cores)),
    };
    let stop = Arc::new(AtomicBool::new(false));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(o.listen))
        .with_context(|| format!("cannot listen on {}", o.listen))?;
    let url = format!("http://{}", listener.local_addr()?);
    store.set_setting(URL_SETTING, &url)?;
    writeln!(out, "listening on {url}")?;
    out.flush()?;
    let s = stop.clone();
    let builds = std::thread::spawn(move || pipeline.run(&s));
    let s = stop.clone();
    let plays = std::thread::spawn(move || player.run(&s));
    let app = http::router(state);
    let served = runtime.block_on(async move {
        axum::serve(listener, app)
            .with_graceful_shutdown(shutdown_signal())
            .await
    });
    eprintln!("serve: stopping: no new game or build starts");
    stop.store(true, Ordering::SeqCst);
    // The league's runner stops its games as `league run` does on a stop file.
    let _ = std::fs::write(league.dir.join(crate::run_builder::STOP_FILE), "");
    arrivals.notify();
    entered.notify();
    let waited = Instant::now();
    while !plays.is_finished() && waited.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(50));
    }
    // A build in progress is killed with the process (its sandbox dies with its parent) and
    // started again at the next start.
    drop(builds);
    served.context("the server stopped")?;
    Ok(())
}

async fn shutdown_signal() {
    use tokio::signal::unix::{signal, SignalKind};
    let mut term = signal(SignalKind::terminate()).expect("SIGTERM can be watched");
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term.recv() => {}
    }
}
