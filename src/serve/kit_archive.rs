//! A starter kit as a .tar.gz to download from the "how to enter" page: the files
//! `baraza new-bot` writes, in a folder named after the kit.

use crate::kits::Kit;
use std::io::Write;

pub fn tar_gz(kit: &Kit) -> std::io::Result<Vec<u8>> {
    let gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    let mut tar = tar::Builder::new(gz);
    let folder = format!("{}-bot", kit.language);
    for (name, text) in kit.files() {
        let mut h = tar::Header::new_gnu();
        h.set_size(text.len() as u64);
        h.set_mode(0o644);
        h.set_mtime(0);
        h.set_entry_type(tar::EntryType::Regular);
        tar.append_data(&mut h, format!("{folder}/{name}"), text.as_bytes())?;
    }
    let mut gz = tar.into_inner()?;
    gz.flush()?;
    gz.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_archive_unpacks_to_the_kit_s_files() {
        let kit = crate::kits::find("c").unwrap();
        let bytes = tar_gz(kit).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let files = crate::serve::archive::unpack(&bytes, "c.tar.gz", dir.path()).unwrap();
        assert_eq!(files.len(), kit.files().len());
        let bot = std::fs::read_to_string(dir.path().join("bot.c")).unwrap();
        assert_eq!(bot, kit.files.iter().find(|f| f.0 == "bot.c").unwrap().1);
    }
}
