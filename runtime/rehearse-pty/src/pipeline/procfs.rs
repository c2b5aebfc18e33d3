//! What `/proc` says about the processes of one session: CPU time from
//! `/proc/PID/stat`, resident memory from `/proc/PID/statm`.
//!
//! The program leads its own session (see `process.rs`), and a shell's jobs
//! get process groups of their own inside it, so "every process of the
//! program" is every process whose session id is the program's pid.

/// The usage of one session at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Usage {
    /// CPU time in clock ticks: each member's user and system time, plus the
    /// time of the children it has reaped (so a short-lived process keeps
    /// counting once its parent in the session has reaped it).
    pub(crate) ticks: u64,
    /// Resident memory in bytes, summed over the members.
    pub(crate) rss_bytes: u64,
    /// How many processes the session holds (zombies included).
    pub(crate) processes: u32,
    /// Whether the session's leader — the program — is still running (not
    /// a zombie, not gone).
    pub(crate) leader_alive: bool,
}

/// One `/proc/PID/stat` line's fields that matter here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stat {
    pub(crate) state: char,
    pub(crate) sid: i32,
    /// utime + stime + cutime + cstime, in clock ticks.
    pub(crate) ticks: u64,
}

/// Parses a stat line: fields are counted after the last `)`, as the
/// command name may hold spaces and parentheses (`proc(5)`: state is field
/// 3, session 6, utime to cstime 14 to 17).
pub(crate) fn parse_stat(line: &str) -> Option<Stat> {
    let rest = &line[line.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().take(15).collect();
    if fields.len() < 15 {
        return None;
    }
    let number = |index: usize| fields[index].parse::<u64>().ok();
    // cutime and cstime are signed in the kernel's format; never negative
    // in practice.
    let signed = |index: usize| fields[index].parse::<i64>().ok().map(|n| n.max(0).unsigned_abs());
    Some(Stat {
        state: fields[0].chars().next()?,
        sid: fields[3].parse().ok()?,
        ticks: number(11)? + number(12)? + signed(13)? + signed(14)?,
    })
}

/// The resident pages of a `/proc/PID/statm` line (its second field).
pub(crate) fn parse_statm_resident(line: &str) -> Option<u64> {
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Reads the usage of session `sid` now.
pub(crate) fn session_usage(sid: i32, page_size: u64) -> Usage {
    let mut usage = Usage::default();
    let Ok(entries) = std::fs::read_dir("/proc") else { return usage };
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|name| name.parse::<i32>().ok()) else { continue };
        // A process may end between the listing and the read: skip it.
        let Some(stat) = std::fs::read_to_string(entry.path().join("stat"))
            .ok()
            .and_then(|line| parse_stat(&line))
        else {
            continue;
        };
        if stat.sid != sid {
            continue;
        }
        usage.processes += 1;
        usage.ticks += stat.ticks;
        if pid == sid && stat.state != 'Z' && stat.state != 'X' {
            usage.leader_alive = true;
        }
        if let Some(pages) = std::fs::read_to_string(entry.path().join("statm"))
            .ok()
            .and_then(|line| parse_statm_resident(&line))
        {
            usage.rss_bytes += pages * page_size;
        }
    }
    usage
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_stat_and_statm() {
        let line = "4242 (a (b) c) R 1 4242 4242 34816 4242 4194560 100 0 0 0 250 31 7 2 20 0 1 0 12345 9000000 512 18446744073709551615";
        assert_eq!(parse_stat(line), Some(Stat { state: 'R', sid: 4242, ticks: 250 + 31 + 7 + 2 }));
        assert_eq!(parse_stat("1 (short) S 0 1"), None);
        assert_eq!(parse_statm_resident("2270 512 400 200 0 300 0\n"), Some(512));
    }

    #[test]
    fn reads_this_processs_session() {
        let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
        let sid = parse_stat(&stat).unwrap().sid;
        let usage = session_usage(sid, rustix::param::page_size() as u64);
        assert!(usage.processes >= 1, "{usage:?}");
        assert!(usage.rss_bytes > 0, "{usage:?}");
    }
}
