//! Open registration: off unless the host says so; on, a name gets a token shown once, which
//! then works as an invited participant's; a taken or unfit name is refused with the reason,
//! escaped; and past `--registrations-per-minute` in a minute, registering is refused.

use super::*;

fn register(site: &Site, name: &str) -> (u16, String) {
    answer(
        agent()
            .post(&format!("{}/register", site.url))
            .send_form(&[("name", name)]),
    )
}

#[test]
#[cfg_attr(not(tool_bwrap), ignore = "needs bubblewrap (bwrap)")]
fn registration_is_off_by_default_and_bounded_when_open() {
    need(Tool::Bwrap);
    let dir = temp_dir("serve-registration");
    let league = new_site_league(&dir);

    let closed = Site::start(&league, &[]);
    let (status, page) = register(&closed, "dora");
    assert_eq!(status, 403, "{page}");
    assert!(page.contains("Registration is closed"), "{page}");
    drop(closed);

    let open = Site::start(
        &league,
        &["--open-registration", "--registrations-per-minute", "2"],
    );
    let (status, page) = register(&open, "dora");
    assert_eq!(status, 200, "{page}");
    let token = page
        .split("<pre>")
        .nth(1)
        .and_then(|rest| rest.split("</pre>").next())
        .expect("the token on the page")
        .to_string();
    assert!(token.starts_with("bz"), "{token}");
    // The token is a participant's: its own (empty) list of submissions.
    let mine = open.json("/api/submissions", Some(&token));
    assert_eq!(mine["submissions"], serde_json::json!([]));

    // An unfit name: refused, and shown escaped.
    let (status, page) = register(&open, "<b>x");
    assert_eq!(status, 400, "{page}");
    assert!(
        page.contains("&lt;b&gt;x") && !page.contains("<b>x"),
        "{page}"
    );

    // Two registrations this minute already: the third is refused, whatever the name.
    let (status, page) = register(&open, "eve");
    assert_eq!(status, 429, "{page}");
    assert!(page.contains("Too many registrations"), "{page}");
}
