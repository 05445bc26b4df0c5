//! The peers of another build of this benchmark (`--native PATH`: the build with
//! `-C target-cpu=native`, sonic-rs's best case), run in a second process and interleaved
//! round by round with the contenders of this one.
//!
//! A build's flags apply to every crate in it, so jet's default build and sonic-rs's native
//! build cannot share a process. Timing them in two separate runs puts minutes between the
//! two sides of a ratio, and on a shared machine whose speed drifts by half for minutes at a
//! time that ratio means little. Here the other build serves requests on its standard input
//! (`jet-bench --serve`): run a contender once, give its checked value, time it for some
//! iterations, count its allocations. Only one of the two processes works at a time, so its
//! samples fall between this process's samples of the same round, as an in-process
//! contender's do.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Mutex, OnceLock};

use crate::{Contender, Operation};

/// The other build's process. It ends when its input closes, with this process.
pub struct Peer {
    _child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

static PEER: OnceLock<Mutex<Peer>> = OnceLock::new();

impl Peer {
    /// Starts `path --serve` as the peer that [`ask`] talks to.
    pub fn start(path: &str) -> io::Result<()> {
        let mut child =
            Command::new(path).arg("--serve").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn()?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        let peer = Peer { _child: child, stdin, stdout };
        PEER.set(Mutex::new(peer)).map_err(|_| io::Error::other("a peer is already running"))?;
        ask(&["hello"]).map(|_| ()).map_err(io::Error::other)
    }
}

/// Sends one request (fields joined by tabs) and gives the answer's text after `ok`.
pub fn ask(fields: &[&str]) -> Result<String, String> {
    let mut peer = PEER.get().ok_or("no peer build is running")?.lock().map_err(|e| e.to_string())?;
    let request = fields.join("\t");
    writeln!(peer.stdin, "{request}").and_then(|()| peer.stdin.flush()).map_err(|e| e.to_string())?;
    let mut line = String::new();
    if peer.stdout.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
        return Err(format!("the peer build stopped at \"{request}\""));
    }
    let line = line.trim_end_matches('\n');
    match line.split_once(' ').unwrap_or((line, "")) {
        ("ok", rest) => Ok(rest.to_owned()),
        (_, rest) => Err(format!("peer build: {rest}")),
    }
}

/// Serves the requests of [`ask`] on standard input, one answer line each on standard output,
/// for the contenders of `operations` on `files`, until the input ends.
pub fn serve(operations: &[Operation], files: &[(String, Vec<u8>)]) {
    let (stdin, mut stdout) = (io::stdin().lock(), io::stdout().lock());
    for line in stdin.lines() {
        let Ok(line) = line else { return };
        let answer = answer(operations, files, &line).unwrap_or_else(|e| format!("err {e}"));
        if writeln!(stdout, "{answer}").and_then(|()| stdout.flush()).is_err() {
            return;
        }
    }
}

fn answer(operations: &[Operation], files: &[(String, Vec<u8>)], line: &str) -> Result<String, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    if fields == ["hello"] {
        return Ok("ok".into());
    }
    let [what, op, contender, file, rest @ ..] = &fields[..] else {
        return Err(format!("a request of fewer than four fields: {line:?}"));
    };
    let c = operations
        .iter()
        .filter(|o| o.name == *op)
        .flat_map(|o| &o.contenders)
        .find(|c| c.name == *contender)
        .ok_or_else(|| format!("no contender {contender} of {op}"))?;
    let bytes = &files.iter().find(|(name, _)| name == file).ok_or_else(|| format!("no file {file}"))?.1;
    Ok(match (*what, rest) {
        ("run", []) => format!("ok {}", c.run(file, bytes)?),
        ("check", []) => match c.check(file, bytes) {
            Some(value) => format!("ok {}", serde_json::to_string(&value?).map_err(|e| e.to_string())?),
            None => "ok".into(),
        },
        ("time", [iters]) => {
            let iters = iters.parse().map_err(|_| format!("iterations: {iters}"))?;
            format!("ok {}", c.time(file, bytes, iters).as_nanos())
        }
        ("allocations", []) => {
            let (count, bytes) = c.allocations(file, bytes);
            format!("ok {count} {bytes}")
        }
        _ => return Err(format!("an unknown request: {line:?}")),
    })
}

/// The peers of `contenders` (those that are not jet's) as run by the other build.
pub fn native_peers(op: &'static str, contenders: &[Contender]) -> Vec<Contender> {
    contenders
        .iter()
        .filter(|c| !c.name.starts_with("jet"))
        .map(|c| Contender::native(op, c.name, c.has_check()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Contender;

    fn count_bytes(_: &str, bytes: &[u8]) -> Result<u64, String> {
        Ok(bytes.len() as u64)
    }

    fn value_of(file: &str, bytes: &[u8]) -> Result<serde_json::Value, String> {
        Ok(serde_json::json!({ "file": file, "len": bytes.len(), "half": 0.5 }))
    }

    fn fails(_: &str, _: &[u8]) -> Result<u64, String> {
        Err("bad input".into())
    }

    /// Every request the driver sends, answered as a served build answers it.
    #[test]
    fn requests_are_answered() {
        let ops = vec![Operation {
            name: "op",
            typed: false,
            baseline: "peer",
            contenders: vec![
                Contender::checked("peer", count_bytes, value_of),
                Contender::new("plain", count_bytes),
                Contender::new("failing", fails),
            ],
        }];
        let files = vec![("a.json".to_string(), b"[1, 2]".to_vec())];
        let ask = |line: &str| answer(&ops, &files, line);
        let cases: &[(&str, &str, Result<&str, &str>)] = &[
            ("greeting", "hello", Ok("ok")),
            ("a run's count", "run\top\tpeer\ta.json", Ok("ok 6")),
            ("a checked value", "check\top\tpeer\ta.json", Ok(r#"ok {"file":"a.json","half":0.5,"len":6}"#)),
            ("no value to check", "check\top\tplain\ta.json", Ok("ok")),
            ("a failing run", "run\top\tfailing\ta.json", Err("bad input")),
            ("no such contender", "run\top\tnobody\ta.json", Err("no contender nobody of op")),
            ("no such operation", "run\tother\tpeer\ta.json", Err("no contender peer of other")),
            ("no such file", "run\top\tpeer\tb.json", Err("no file b.json")),
            ("too few fields", "run\top", Err("a request of fewer than four fields")),
            ("an unknown request", "jump\top\tpeer\ta.json", Err("an unknown request")),
            ("iterations not a number", "time\top\tpeer\ta.json\tmany", Err("iterations: many")),
        ];
        for (what, line, want) in cases {
            match (ask(line), want) {
                (Ok(got), Ok(want)) => assert_eq!(got, *want, "{what}"),
                (Err(got), Err(want)) => assert!(got.contains(want), "{what}: {got}"),
                (got, want) => panic!("{what}: {got:?}, not {want:?}"),
            }
        }
        // A time in nanoseconds, and allocations as count and bytes.
        let time = ask("time\top\tpeer\ta.json\t3").expect("timed");
        assert!(time.strip_prefix("ok ").is_some_and(|n| n.parse::<u64>().is_ok()), "{time}");
        let allocations = ask("allocations\top\tpeer\ta.json").expect("counted");
        let fields: Vec<&str> = allocations.split(' ').collect();
        assert!(fields.len() == 3 && fields[1..].iter().all(|n| n.parse::<u64>().is_ok()), "{allocations}");
    }
}
