//! Which words of a bot's command are made absolute before it starts in its own directory:
//! the program and the words that are clearly paths (a `/`, or the script right after an
//! interpreter), never a plain word that happens to name a file here, never a built-in's.

use crate::support::{bot, temp_dir, text, Match};

#[test]
fn only_the_words_that_are_clearly_paths_are_made_absolute() {
    let dir = temp_dir("command-words");
    let here = std::fs::canonicalize(&*dir).unwrap();
    let d = here.display();
    // Entries named like plain words of the command (and like a built-in's words).
    for f in ["spy", "net.bin", "search"] {
        std::fs::write(here.join(f), "").unwrap();
    }
    std::fs::create_dir_all(here.join("bot")).unwrap();
    std::fs::create_dir_all(here.join("nets")).unwrap();
    std::fs::write(here.join("nets/n.bin"), "").unwrap();
    std::fs::copy(bot("args_bot.sh"), here.join("args_bot.sh")).unwrap();
    let said = here.join("said");
    let command = format!(
        "sh args_bot.sh {} spy net.bin nets/n.bin --net=nets/n.bin --w=net.bin ./new.log \
         no/such/dir",
        said.display()
    );
    let out = Match::new("darra", &command, "builtin:random")
        .games(1)
        .process()
        .current_dir(&here)
        .output()
        .unwrap();
    // sh's script 'args_bot.sh' was found from the bot's own directory: the game was played.
    assert!(out.status.success(), "{}", text(&out.stderr));
    let console = text(&out.stdout);
    assert!(console.contains(" normal, "), "{console}");
    let words = std::fs::read_to_string(&said).unwrap();
    assert_eq!(
        words.lines().collect::<Vec<_>>(),
        [
            "spy".to_string(),
            "net.bin".into(),
            format!("{d}/nets/n.bin"),
            format!("--net={d}/nets/n.bin"),
            "--w=net.bin".into(),
            format!("{d}/./new.log"),
            "no/such/dir".into(),
        ]
    );
}

#[test]
fn builtin_bots_play_in_a_folder_holding_an_entry_named_bot() {
    // The case: `mkdir -p d/bot && cd d && baraza match dara builtin:random ...`.
    let dir = temp_dir("command-words-builtin");
    std::fs::create_dir_all(dir.join("bot")).unwrap();
    let out = Match::new("dara", "builtin:random", "builtin:random")
        .games(1)
        .process()
        .current_dir(&*dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let console = text(&out.stdout);
    assert!(
        console.starts_with("game 1: random vs random-2: "),
        "{console}"
    );
    assert!(!console.contains("crash"), "{console}");
}
