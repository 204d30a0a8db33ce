//! An upload unpacked into the folder it is built in: one source file, a .zip or a .tar.gz.
//! Nothing in it may leave that folder or be anything but a folder or a plain file: a path
//! that is absolute or climbs with `..`, a link of either kind, a device are refused, and so
//! is an archive that unpacks to more than [`MAX_UNPACKED`] bytes or [`MAX_FILES`] entries,
//! counted from what is actually read (a header's size is not trusted: a zip bomb stops at the
//! bound). An archive whose entries all sit in one folder is unpacked from inside it.

use std::io::{Cursor, Read};
use std::path::{Component, Path, PathBuf};

/// The most an upload may unpack to.
pub const MAX_UNPACKED: u64 = 64 << 20;
/// The most entries (files and folders) an archive may hold.
pub const MAX_FILES: usize = 2000;

/// Why an upload was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ArchiveError {
    #[error("'{0}' leaves the archive's folder (an absolute path or '..')")]
    Escapes(String),
    #[error("'{0}' is a link or a special file: only folders and plain files are taken")]
    NotAFile(String),
    #[error("the archive unpacks to more than {} MB", MAX_UNPACKED >> 20)]
    TooBig,
    #[error("the archive holds more than {MAX_FILES} entries")]
    TooMany,
    #[error("'{0}' is in the archive twice")]
    Twice(String),
    #[error("the archive cannot be read: {0}")]
    Damaged(String),
    #[error("the archive holds no file")]
    Empty,
    #[error("the file name '{0}' is not taken: use letters, digits, '.', '_' and '-'")]
    BadName(String),
    #[error("cannot write the upload: {0}")]
    Write(String),
}

/// What kind of upload a file name says it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Zip,
    TarGz,
    Single,
}

pub fn kind_of(filename: &str) -> Kind {
    let lower = filename.to_ascii_lowercase();
    if lower.ends_with(".zip") {
        Kind::Zip
    } else if lower.ends_with(".tar.gz") || lower.ends_with(".tgz") {
        Kind::TarGz
    } else {
        Kind::Single
    }
}

/// A single file's name as it may be written: a plain name of a safe alphabet.
pub fn safe_file_name(name: &str) -> Result<&str, ArchiveError> {
    let ok = !name.is_empty()
        && name.len() <= 100
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b));
    ok.then_some(name)
        .ok_or_else(|| ArchiveError::BadName(name.chars().take(100).collect()))
}

/// The entry's path as a relative path of plain components, or why not.
fn relative(name: &str) -> Result<PathBuf, ArchiveError> {
    let path = Path::new(name);
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::Normal(part) => out.push(part),
            Component::CurDir => {}
            _ => return Err(ArchiveError::Escapes(name.to_string())),
        }
    }
    if name.contains('\\') {
        // A Windows path: its separators would be taken as part of a name.
        return Err(ArchiveError::Escapes(name.to_string()));
    }
    Ok(out)
}

/// One entry read from an archive.
enum Entry {
    Folder(PathBuf),
    File(PathBuf, Vec<u8>),
}

/// Reads entries while counting what they unpack to.
struct Budget {
    left: u64,
    entries: usize,
}

impl Budget {
    fn new() -> Budget {
        Budget {
            left: MAX_UNPACKED,
            entries: 0,
        }
    }

    fn count(&mut self) -> Result<(), ArchiveError> {
        self.entries += 1;
        if self.entries > MAX_FILES {
            return Err(ArchiveError::TooMany);
        }
        Ok(())
    }

    fn read(&mut self, r: impl Read) -> Result<Vec<u8>, ArchiveError> {
        let mut data = Vec::new();
        r.take(self.left + 1)
            .read_to_end(&mut data)
            .map_err(|e| ArchiveError::Damaged(e.to_string()))?;
        if data.len() as u64 > self.left {
            return Err(ArchiveError::TooBig);
        }
        self.left -= data.len() as u64;
        Ok(data)
    }
}

fn zip_entries(bytes: &[u8]) -> Result<Vec<Entry>, ArchiveError> {
    let damaged = |e: zip::result::ZipError| ArchiveError::Damaged(e.to_string());
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(damaged)?;
    let mut budget = Budget::new();
    let mut out = Vec::new();
    for i in 0..archive.len() {
        budget.count()?;
        let file = archive.by_index(i).map_err(damaged)?;
        let name = file.name().map_err(damaged)?.into_owned();
        let path = relative(&name)?;
        if file.is_symlink() {
            return Err(ArchiveError::NotAFile(name));
        }
        if file.is_dir() {
            out.push(Entry::Folder(path));
        } else {
            out.push(Entry::File(path, budget.read(file)?));
        }
    }
    Ok(out)
}

fn tar_entries(bytes: &[u8]) -> Result<Vec<Entry>, ArchiveError> {
    let damaged = |e: std::io::Error| ArchiveError::Damaged(e.to_string());
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(bytes));
    let mut budget = Budget::new();
    let mut out = Vec::new();
    for entry in archive.entries().map_err(damaged)? {
        budget.count()?;
        let entry = entry.map_err(damaged)?;
        let name = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
        let kind = entry.header().entry_type();
        if kind.is_pax_global_extensions() || kind.is_pax_local_extensions() {
            continue;
        }
        let path = relative(&name)?;
        if kind.is_dir() {
            out.push(Entry::Folder(path));
        } else if kind.is_file() {
            out.push(Entry::File(path, budget.read(entry)?));
        } else {
            return Err(ArchiveError::NotAFile(name));
        }
    }
    Ok(out)
}

/// The one folder every entry is in, if there is one (and something beside it).
fn common_folder(entries: &[Entry]) -> Option<PathBuf> {
    let first = |p: &Path| p.components().next().map(|c| PathBuf::from(c.as_os_str()));
    let mut top: Option<PathBuf> = None;
    for e in entries {
        let (path, is_file) = match e {
            Entry::Folder(p) => (p, false),
            Entry::File(p, _) => (p, true),
        };
        if is_file && path.components().count() < 2 {
            return None;
        }
        let f = first(path)?;
        match &top {
            None => top = Some(f),
            Some(t) if *t != f => return None,
            Some(_) => {}
        }
    }
    top
}

/// Unpack `bytes`, named `filename` (its kind), into `dir` (which exists and is empty). A
/// single file is written under its own name. Returns the files written, relative to `dir`.
pub fn unpack(bytes: &[u8], filename: &str, dir: &Path) -> Result<Vec<PathBuf>, ArchiveError> {
    let mut entries = match kind_of(filename) {
        Kind::Zip => zip_entries(bytes)?,
        Kind::TarGz => tar_entries(bytes)?,
        Kind::Single => {
            if bytes.len() as u64 > MAX_UNPACKED {
                return Err(ArchiveError::TooBig);
            }
            vec![Entry::File(
                PathBuf::from(safe_file_name(filename)?),
                bytes.to_vec(),
            )]
        }
    };
    if let Some(top) = common_folder(&entries) {
        entries.retain_mut(|e| {
            let p = match e {
                Entry::Folder(p) | Entry::File(p, _) => p,
            };
            *p = p
                .strip_prefix(&top)
                .map(Path::to_path_buf)
                .unwrap_or_default();
            !p.as_os_str().is_empty()
        });
    }
    let write = |e: std::io::Error| ArchiveError::Write(e.to_string());
    let mut written = Vec::new();
    for e in &entries {
        match e {
            Entry::Folder(p) => std::fs::create_dir_all(dir.join(p)).map_err(write)?,
            Entry::File(p, data) => {
                let path = dir.join(p);
                if let Some(parent) = path.parent() {
                    std::fs::create_dir_all(parent).map_err(write)?;
                }
                // create_new: a name twice, or a folder given as a file, is refused, and
                // nothing already there (a link made by an earlier entry) is followed.
                std::fs::OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(&path)
                    .and_then(|mut f| std::io::Write::write_all(&mut f, data))
                    .map_err(|e| match e.kind() {
                        std::io::ErrorKind::AlreadyExists => {
                            ArchiveError::Twice(p.display().to_string())
                        }
                        _ => write(e),
                    })?;
                written.push(p.clone());
            }
        }
    }
    if written.is_empty() {
        return Err(ArchiveError::Empty);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn zip_of(files: &[(&str, &[u8])]) -> Vec<u8> {
        let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        for (name, data) in files {
            w.start_file(*name, opts).unwrap();
            w.write_all(data).unwrap();
        }
        w.finish().unwrap().into_inner()
    }

    fn tar_gz_of(build: impl FnOnce(&mut tar::Builder<Vec<u8>>)) -> Vec<u8> {
        let mut b = tar::Builder::new(Vec::new());
        build(&mut b);
        let tar = b.into_inner().unwrap();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(&tar).unwrap();
        gz.finish().unwrap()
    }

    fn file_header(size: u64) -> tar::Header {
        let mut h = tar::Header::new_gnu();
        h.set_size(size);
        h.set_mode(0o644);
        h.set_entry_type(tar::EntryType::Regular);
        h
    }

    #[test]
    fn a_zip_in_one_folder_unpacks_from_inside_it() {
        let dir = tempfile::tempdir().unwrap();
        let bytes = zip_of(&[
            ("mybot/main.go", b"package main"),
            ("mybot/go.mod", b"module bot"),
        ]);
        let files = unpack(&bytes, "mybot.zip", dir.path()).unwrap();
        assert_eq!(files, [PathBuf::from("main.go"), PathBuf::from("go.mod")]);
        assert_eq!(
            std::fs::read(dir.path().join("main.go")).unwrap(),
            b"package main"
        );
    }

    #[test]
    fn a_path_leaving_the_folder_is_refused_in_either_archive() {
        let dir = tempfile::tempdir().unwrap();
        let bytes = zip_of(&[("../evil", b"x")]);
        assert_eq!(
            unpack(&bytes, "a.zip", dir.path()),
            Err(ArchiveError::Escapes("../evil".into()))
        );
        let bytes = zip_of(&[("/etc/evil", b"x")]);
        assert!(matches!(
            unpack(&bytes, "a.zip", dir.path()),
            Err(ArchiveError::Escapes(_))
        ));
        // tar's builder refuses to write `..`, as it should: the raw header is set by hand.
        let bytes = tar_gz_of(|b| {
            let mut h = file_header(1);
            h.as_gnu_mut().unwrap().name[..9].copy_from_slice(b"../escape");
            h.set_cksum();
            b.append(&h, &b"x"[..]).unwrap();
        });
        assert!(matches!(
            unpack(&bytes, "a.tar.gz", dir.path()),
            Err(ArchiveError::Escapes(_))
        ));
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn links_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let bytes = tar_gz_of(|b| {
            let mut h = tar::Header::new_gnu();
            h.set_entry_type(tar::EntryType::Symlink);
            h.set_size(0);
            b.append_link(&mut h, "passwd", "/etc/passwd").unwrap();
        });
        assert_eq!(
            unpack(&bytes, "a.tgz", dir.path()),
            Err(ArchiveError::NotAFile("passwd".into()))
        );
        let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
        w.add_symlink(
            "passwd",
            "/etc/passwd",
            zip::write::SimpleFileOptions::default(),
        )
        .unwrap();
        let bytes = w.finish().unwrap().into_inner();
        assert!(matches!(
            unpack(&bytes, "a.zip", dir.path()),
            Err(ArchiveError::NotAFile(_))
        ));
    }

    #[test]
    fn a_bomb_stops_at_the_bound_whatever_its_header_says() {
        let dir = tempfile::tempdir().unwrap();
        let zeros = vec![0u8; (MAX_UNPACKED + 1) as usize];
        let bytes = zip_of(&[("zeros", &zeros)]);
        assert!(
            bytes.len() < 1 << 20,
            "deflate packs zeros small: {}",
            bytes.len()
        );
        assert_eq!(
            unpack(&bytes, "a.zip", dir.path()),
            Err(ArchiveError::TooBig)
        );
        let bytes = tar_gz_of(|b| {
            b.append_data(&mut file_header(zeros.len() as u64), "zeros", &zeros[..])
                .unwrap();
        });
        assert_eq!(
            unpack(&bytes, "a.tar.gz", dir.path()),
            Err(ArchiveError::TooBig)
        );
    }

    #[test]
    fn single_files_keep_a_safe_name_only() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(
            unpack(b"int main;", "bot.c", dir.path()).unwrap(),
            [PathBuf::from("bot.c")]
        );
        for bad in ["../bot.c", ".bashrc", "a b.c", "", "x/y.c"] {
            assert!(
                matches!(unpack(b"x", bad, dir.path()), Err(ArchiveError::BadName(_))),
                "{bad}"
            );
        }
        assert!(matches!(
            unpack(b"garbage", "a.zip", dir.path()),
            Err(ArchiveError::Damaged(_))
        ));
    }
}
