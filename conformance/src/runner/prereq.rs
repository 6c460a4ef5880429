//! What a Jetson needs before the suite can run on the real kernel, checked
//! with messages a user can act on.
//!
//! Every path is looked up under a root (`/` on a device; a temporary tree in
//! the tests), and who the process is comes in as [`Creds`], so every branch
//! is testable on any machine:
//!
//! ```ignore
//! let machine = Machine::probe(Path::new("/"));
//! let checks = check_nvgpu(&machine, &Creds::current(), false);
//! ```

use std::fmt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use serde::Serialize;

/// The L4T release file.
pub const TEGRA_RELEASE: &str = "etc/nv_tegra_release";
/// The nvgpu control node.
pub const CTRL_NODE: &str = "dev/nvgpu/igpu0/ctrl";
/// The nvmap node.
pub const NVMAP_NODE: &str = "dev/nvmap";

/// An L4T release as `/etc/nv_tegra_release` states it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct L4tRelease {
    /// `36` for `# R36 (release), ...`.
    pub major: u32,
    /// `"3.0"` for `REVISION: 3.0`.
    pub revision: String,
    /// The first line, as the file has it.
    pub line: String,
}

impl L4tRelease {
    /// Parse the file's first line: `# R36 (release), REVISION: 3.0, GCID: ..., BOARD: ..., ...`.
    pub fn parse(text: &str) -> Option<L4tRelease> {
        let line = text.lines().next()?.trim();
        let rest = line.trim_start_matches('#').trim_start();
        let digits: String = rest.strip_prefix('R')?.chars().take_while(char::is_ascii_digit).collect();
        let major = digits.parse().ok()?;
        let revision = line
            .split(',')
            .find_map(|f| f.trim().strip_prefix("REVISION:"))
            .map(|r| r.trim().to_string())
            .unwrap_or_default();
        Some(L4tRelease { major, revision, line: line.to_string() })
    }

    /// `r36.3.0`.
    pub fn short(&self) -> String {
        if self.revision.is_empty() {
            format!("r{}", self.major)
        } else {
            format!("r{}.{}", self.major, self.revision)
        }
    }
}

/// A device node as found on disk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Node {
    /// Its path (under the root).
    pub path: PathBuf,
    /// Permission bits (`0o660`).
    pub mode: u32,
    /// Owner.
    pub uid: u32,
    /// Group.
    pub gid: u32,
    /// The group's name from `<root>/etc/group`, if listed.
    pub group: Option<String>,
    /// The group's members as `<root>/etc/group` lists them.
    pub group_members: Vec<String>,
}

/// What the machine looks like, read from under a root.
#[derive(Debug, Clone, Serialize)]
pub struct Machine {
    /// The root everything was read under.
    pub root: PathBuf,
    /// The parsed release file (`None`: absent or unreadable).
    pub l4t: Option<L4tRelease>,
    /// The release file's text when present but not understood.
    pub l4t_unparsed: Option<String>,
    /// `uname -r` (from `<root>/proc/sys/kernel/osrelease`).
    pub kernel: Option<String>,
    /// `/dev/nvgpu/igpu0/ctrl`, if present.
    pub ctrl: Option<Node>,
    /// `/dev/nvmap`, if present.
    pub nvmap: Option<Node>,
}

/// The name and members of group `gid` in `<root>/etc/group`.
fn group_entry(root: &Path, gid: u32) -> Option<(String, Vec<String>)> {
    let text = std::fs::read_to_string(root.join("etc/group")).ok()?;
    text.lines().find_map(|l| {
        let f: Vec<&str> = l.split(':').collect();
        let id: u32 = f.get(2)?.parse().ok()?;
        let members = f.get(3).map(|m| m.split(',').filter(|x| !x.is_empty()).map(str::to_string).collect());
        (id == gid).then(|| (f[0].to_string(), members.unwrap_or_default()))
    })
}

fn node(root: &Path, rel: &str) -> Option<Node> {
    let path = root.join(rel);
    let md = std::fs::metadata(&path).ok()?;
    let (group, group_members) = match group_entry(root, md.gid()) {
        Some((name, members)) => (Some(name), members),
        None => (None, vec![]),
    };
    Some(Node { mode: md.mode() & 0o7777, uid: md.uid(), gid: md.gid(), group, group_members, path })
}

/// The name of user `uid` in `<root>/etc/passwd`.
pub fn user_name(root: &Path, uid: u32) -> Option<String> {
    let text = std::fs::read_to_string(root.join("etc/passwd")).ok()?;
    text.lines().find_map(|l| {
        let f: Vec<&str> = l.split(':').collect();
        (f.get(2)?.parse::<u32>().ok()? == uid).then(|| f[0].to_string())
    })
}

impl Machine {
    /// Read the machine's facts under `root` (`/` on a device).
    pub fn probe(root: &Path) -> Machine {
        let release = std::fs::read_to_string(root.join(TEGRA_RELEASE)).ok();
        let l4t = release.as_deref().and_then(L4tRelease::parse);
        let l4t_unparsed =
            if l4t.is_none() { release.map(|t| t.lines().next().unwrap_or("").to_string()) } else { None };
        let kernel = std::fs::read_to_string(root.join("proc/sys/kernel/osrelease")).ok().map(|s| s.trim().to_string());
        Machine {
            root: root.to_path_buf(),
            l4t,
            l4t_unparsed,
            kernel,
            ctrl: node(root, CTRL_NODE),
            nvmap: node(root, NVMAP_NODE),
        }
    }
}

/// Who the process is, for permission checks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Creds {
    /// Effective user id.
    pub uid: u32,
    /// The user's name, if known.
    pub user: Option<String>,
    /// Effective group id and supplementary groups.
    pub gids: Vec<u32>,
}

impl Creds {
    /// This process's credentials, its user named from `<root>/etc/passwd`.
    pub fn current(root: &Path) -> Creds {
        // SAFETY: geteuid/getegid cannot fail and touch no memory.
        let (uid, egid) = unsafe { (libc::geteuid(), libc::getegid()) };
        let mut gids = vec![egid];
        // SAFETY: a zero-length query returns the count without writing.
        let n = unsafe { libc::getgroups(0, std::ptr::null_mut()) };
        if n > 0 {
            let mut buf = vec![0 as libc::gid_t; n as usize];
            // SAFETY: `buf` holds `n` gids.
            let got = unsafe { libc::getgroups(n, buf.as_mut_ptr()) };
            if got > 0 {
                gids.extend_from_slice(&buf[..got as usize]);
            }
        }
        Creds { uid, user: user_name(root, uid), gids }
    }

    /// Can these credentials open `node` for reading and writing?
    pub fn can_read_write(&self, node: &Node) -> bool {
        if self.uid == 0 {
            return true;
        }
        let bits = if node.uid == self.uid {
            node.mode >> 6
        } else if self.gids.contains(&node.gid) {
            node.mode >> 3
        } else {
            node.mode
        };
        bits & 0o6 == 0o6
    }
}

/// How bad a check's finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Fine.
    Ok,
    /// Worth knowing; the run goes on.
    Warn,
    /// The run cannot go on.
    Fail,
}

/// One prerequisite's finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    /// What was checked (`"L4T release"`).
    pub what: &'static str,
    /// How it went.
    pub level: Level,
    /// What was found, and for a problem, what to do.
    pub message: String,
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tag = match self.level {
            Level::Ok => "ok  ",
            Level::Warn => "warn",
            Level::Fail => "FAIL",
        };
        write!(f, "{tag}  {}: {}", self.what, self.message)
    }
}

fn check(what: &'static str, level: Level, message: impl Into<String>) -> Check {
    Check { what, level, message: message.into() }
}

fn node_check(what: &'static str, rel: &str, node: Option<&Node>, creds: &Creds, assume: bool) -> Check {
    let shown = format!("/{rel}");
    match node {
        None if assume => check(
            what,
            Level::Warn,
            format!("{shown} is not on disk; GPUIFACE_ASSUME_NVGPU is set, so an LD_PRELOAD stand-in is assumed to serve it"),
        ),
        None => check(
            what,
            Level::Fail,
            format!(
                "{shown} does not exist: this is not a Jetson running the nvgpu driver, or the driver is not loaded \
                 (check `lsmod | grep nvgpu` and `dmesg | grep -i nvgpu`)"
            ),
        ),
        Some(n) if creds.can_read_write(n) => {
            check(what, Level::Ok, format!("{shown} is present and readable/writable (mode {:o})", n.mode))
        }
        Some(n) if creds.user.as_ref().is_some_and(|u| n.group_members.contains(u)) => {
            let group = n.group.clone().unwrap_or_else(|| format!("gid {}", n.gid));
            check(
                what,
                Level::Fail,
                format!(
                    "{shown} belongs to group {group}, and /etc/group lists you in it, but this session does not have \
                     the group yet: log out and in again (or start a shell with `newgrp {group}`)"
                ),
            )
        }
        Some(n) => {
            let group = n.group.clone().unwrap_or_else(|| format!("gid {}", n.gid));
            check(
                what,
                Level::Fail,
                format!(
                    "{shown} is not readable and writable by you (mode {:o}, group {group}): add yourself to that group \
                     with `sudo usermod -aG {group} $USER` and log in again (on L4T the GPU nodes belong to `video`; \
                     some images use `render`), or run as root",
                    n.mode
                ),
            )
        }
    }
}

/// Check what the real backend needs. `assume_nvgpu` is
/// `GPUIFACE_ASSUME_NVGPU` (an `LD_PRELOAD` stand-in serves absent nodes).
pub fn check_nvgpu(m: &Machine, creds: &Creds, assume_nvgpu: bool) -> Vec<Check> {
    let mut out = Vec::new();
    out.push(match (&m.l4t, &m.l4t_unparsed) {
        (Some(r), _) if r.major == 35 || r.major == 36 => check(
            "L4T release",
            Level::Ok,
            format!(
                "{} ({}); the backend speaks the r{} (JetPack {}) nvgpu ABI, detected from the kernel at open",
                r.short(),
                r.line,
                r.major,
                r.major - 30
            ),
        ),
        (Some(r), _) if r.major < 35 => check(
            "L4T release",
            Level::Fail,
            format!(
                "{} is L4T r{}: gpuiface speaks the r35 and r36 (JetPack 5 and 6) nvgpu ABIs, whose ioctls r{} numbers \
                 and lays out differently; flash JetPack 5 or 6 to run it",
                r.short(),
                r.major,
                r.major
            ),
        ),
        (Some(r), _) => check(
            "L4T release",
            Level::Warn,
            format!("{}: newer than r36, the newest ABI gpuiface speaks; failures may be ABI changes", r.short()),
        ),
        (None, Some(line)) => check(
            "L4T release",
            Level::Warn,
            format!("/{TEGRA_RELEASE} reads {line:?}, which is not an L4T release line; going on"),
        ),
        (None, None) if assume_nvgpu => check(
            "L4T release",
            Level::Warn,
            format!("/{TEGRA_RELEASE} is absent (not L4T); GPUIFACE_ASSUME_NVGPU is set, going on"),
        ),
        (None, None) => check(
            "L4T release",
            Level::Warn,
            format!("/{TEGRA_RELEASE} is absent: not an L4T image? The kernel's answer decides (r35 or r36 needed)"),
        ),
    });
    out.push(match &m.kernel {
        Some(k) => check("kernel", Level::Ok, k.clone()),
        None => check("kernel", Level::Warn, "could not read /proc/sys/kernel/osrelease"),
    });
    out.push(node_check("nvgpu control node", CTRL_NODE, m.ctrl.as_ref(), creds, assume_nvgpu));
    out.push(node_check("nvmap node", NVMAP_NODE, m.nvmap.as_ref(), creds, assume_nvgpu));
    out
}

/// True when no check failed.
pub fn all_pass(checks: &[Check]) -> bool {
    checks.iter().all(|c| c.level != Level::Fail)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    struct Tree(PathBuf);
    impl Tree {
        fn new(name: &str) -> Tree {
            let p = std::env::temp_dir().join(format!("gpuiface-prereq-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&p);
            std::fs::create_dir_all(&p).unwrap();
            Tree(p)
        }
        fn file(&self, rel: &str, text: &str, mode: u32) -> &Self {
            let p = self.0.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, text).unwrap();
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(mode)).unwrap();
            self
        }
    }
    impl Drop for Tree {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    const R36: &str = "# R36 (release), REVISION: 3.0, GCID: 36191598, BOARD: generic, EABI: aarch64, DATE: Mon May  6 17:34:21 UTC 2024\n# KERNEL_VARIANT: oot\n";
    const R35: &str = "# R35 (release), REVISION: 4.1, GCID: 33958178, BOARD: t186ref, EABI: aarch64, DATE: Tue Aug  1 19:57:35 UTC 2023\n";

    fn user() -> Creds {
        Creds { uid: 1000, user: Some("nvidia".into()), gids: vec![1000] }
    }

    /// A tree whose nodes belong to this process's own gid (so chown is not
    /// needed), named `video` in its /etc/group.
    fn jetson(name: &str, release: &str, mode: u32) -> (Tree, u32) {
        let t = Tree::new(name);
        let gid = std::fs::metadata(&t.0).unwrap().gid();
        t.file(TEGRA_RELEASE, release, 0o644)
            .file("proc/sys/kernel/osrelease", "5.15.136-tegra\n", 0o644)
            .file("etc/group", &format!("video:x:{gid}:ubuntu\nplugdev:x:{}:\n", gid + 1), 0o644)
            .file(CTRL_NODE, "", mode)
            .file(NVMAP_NODE, "", mode);
        (t, gid)
    }

    #[test]
    fn parses_release_lines() {
        let r = L4tRelease::parse(R36).unwrap();
        assert_eq!((r.major, r.revision.as_str(), r.short().as_str()), (36, "3.0", "r36.3.0"));
        assert_eq!(L4tRelease::parse(R35).unwrap().major, 35);
        assert_eq!(L4tRelease::parse("Ubuntu 22.04"), None);
        assert_eq!(L4tRelease::parse(""), None);
    }

    #[test]
    fn a_ready_r36_jetson_passes() {
        let (t, gid) = jetson("ready", R36, 0o660);
        let m = Machine::probe(&t.0);
        assert_eq!(m.kernel.as_deref(), Some("5.15.136-tegra"));
        assert_eq!(m.ctrl.as_ref().unwrap().group.as_deref(), Some("video"));
        let checks = check_nvgpu(&m, &Creds { gids: vec![1000, gid], ..user() }, false);
        assert!(all_pass(&checks), "{checks:#?}");
        assert!(checks.iter().all(|c| c.level == Level::Ok), "{checks:#?}");
    }

    #[test]
    fn a_user_outside_the_group_is_told_which_group_to_join() {
        let (t, _) = jetson("nogroup", R36, 0o660);
        let checks = check_nvgpu(&Machine::probe(&t.0), &user(), false);
        assert!(!all_pass(&checks));
        let ctrl = checks.iter().find(|c| c.what == "nvgpu control node").unwrap();
        assert_eq!(ctrl.level, Level::Fail);
        assert!(ctrl.message.contains("usermod -aG video"), "{}", ctrl.message);
        // Root can open anything; world-writable nodes are open to all.
        assert!(all_pass(&check_nvgpu(
            &Machine::probe(&t.0),
            &Creds { uid: 0, user: Some("root".into()), gids: vec![0] },
            false
        )));
        let (t2, _) = jetson("world", R36, 0o666);
        assert!(all_pass(&check_nvgpu(&Machine::probe(&t2.0), &user(), false)));
    }

    #[test]
    fn a_user_added_to_the_group_but_not_logged_in_again_is_told_so() {
        let (t, _) = jetson("relogin", R36, 0o660);
        let checks = check_nvgpu(&Machine::probe(&t.0), &Creds { user: Some("ubuntu".into()), ..user() }, false);
        let ctrl = checks.iter().find(|c| c.what == "nvgpu control node").unwrap();
        assert_eq!(ctrl.level, Level::Fail);
        assert!(ctrl.message.contains("log out and in again"), "{}", ctrl.message);
        assert_eq!(user_name(&t.0, 0), None, "no passwd file in the tree");
    }

    #[test]
    fn r35_is_accepted_and_an_older_release_refused_with_what_to_do() {
        let (t, gid) = jetson("r35", R35, 0o660);
        let checks = check_nvgpu(&Machine::probe(&t.0), &Creds { gids: vec![gid], ..user() }, false);
        let rel = &checks[0];
        assert_eq!(rel.level, Level::Ok, "{}", rel.message);
        assert!(rel.message.contains("r35.4.1") && rel.message.contains("JetPack 5"), "{}", rel.message);
        let (t, gid) = jetson("r32", &R35.replace("R35", "R32"), 0o660);
        let checks = check_nvgpu(&Machine::probe(&t.0), &Creds { gids: vec![gid], ..user() }, false);
        assert_eq!(checks[0].level, Level::Fail);
        assert!(checks[0].message.contains("JetPack 5 or 6"), "{}", checks[0].message);
    }

    #[test]
    fn missing_nodes_fail_unless_a_stand_in_is_assumed() {
        let t = Tree::new("bare");
        let m = Machine::probe(&t.0);
        assert!(m.l4t.is_none() && m.ctrl.is_none() && m.nvmap.is_none());
        let checks = check_nvgpu(&m, &user(), false);
        assert!(!all_pass(&checks));
        assert!(checks[2].message.contains("does not exist"), "{}", checks[2]);
        let assumed = check_nvgpu(&m, &user(), true);
        assert!(all_pass(&assumed), "{assumed:#?}");
        assert!(assumed[2].message.contains("GPUIFACE_ASSUME_NVGPU"));
    }

    #[test]
    fn an_unknown_release_file_is_a_warning() {
        let t = Tree::new("odd");
        t.file(TEGRA_RELEASE, "something else\n", 0o644);
        let m = Machine::probe(&t.0);
        assert_eq!(m.l4t_unparsed.as_deref(), Some("something else"));
        assert_eq!(check_nvgpu(&m, &user(), true)[0].level, Level::Warn);
    }
}
