//! serde_json on the Swift benchmark's inputs and models, driven by Benchmarks/anchors/run.sh.
//!
//!   anchors-serde check WORKLOAD FILE              decode, encode, decode again; compare
//!   anchors-serde time OP WORKLOAD FILE SECONDS    median thread-CPU ns per call of OP
//!   anchors-serde repeat OP WORKLOAD FILE COUNT    run OP COUNT times, time nothing (callgrind)
//!   anchors-serde join OUT FILE...                 JSON arrays joined byte for byte
//!
//! OP is decode (bytes → structs), encode (structs → bytes) or parse (bytes → serde_json::Value);
//! WORKLOAD is twitter, citm, canada or github-issues (which model FILE is decoded into).

mod models;

use models::*;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use std::process::ExitCode;

/// A workload's root type, with the count the Swift benchmark uses as its checksum.
trait Model: DeserializeOwned + Serialize + PartialEq {
    fn checksum(&self) -> usize;
}

impl Model for TwitterSearch {
    fn checksum(&self) -> usize {
        self.statuses.len()
    }
}

impl Model for CitmCatalog {
    fn checksum(&self) -> usize {
        self.performances.len() + self.events.len()
    }
}

impl Model for CanadaFeatureCollection {
    fn checksum(&self) -> usize {
        self.features.len()
    }
}

impl Model for Vec<GitHubIssue> {
    fn checksum(&self) -> usize {
        self.len()
    }
}

/// Elements or members of the top level, the parse-only checksum on the Swift side too.
fn top_level_count(value: &Value) -> usize {
    match value {
        Value::Array(array) => array.len(),
        Value::Object(object) => object.len(),
        _ => 1,
    }
}

type Body<'a> = Box<dyn FnMut() -> usize + 'a>;

/// One call of OP on `bytes`, returning a checksum so the work is observable. Encoding starts
/// from structs decoded once here, untimed. Bodies panic on failure: `check` runs first.
fn body<'a, M: Model + 'a>(op: &str, bytes: &'a [u8]) -> Result<Body<'a>, String> {
    match op {
        "decode" => Ok(Box::new(move || serde_json::from_slice::<M>(bytes).expect("decode").checksum())),
        "encode" => {
            let model: M = serde_json::from_slice(bytes).map_err(|e| format!("decode: {e}"))?;
            Ok(Box::new(move || serde_json::to_vec(&model).expect("encode").len()))
        }
        "parse" => Ok(Box::new(move || top_level_count(&serde_json::from_slice::<Value>(bytes).expect("parse")))),
        _ => Err(format!("unknown operation {op} (decode, encode or parse)")),
    }
}

fn check<M: Model>(bytes: &[u8]) -> Result<(), String> {
    let decoded: M = serde_json::from_slice(bytes).map_err(|e| format!("decode: {e}"))?;
    let encoded = serde_json::to_vec(&decoded).map_err(|e| format!("encode: {e}"))?;
    let again: M = serde_json::from_slice(&encoded).map_err(|e| format!("decode of the encoded bytes: {e}"))?;
    let value: Value = serde_json::from_slice(bytes).map_err(|e| format!("parse: {e}"))?;
    let same = if again == decoded { "equal" } else { "DIFFERENT" };
    println!("checksum={} encoded_bytes={} roundtrip={same} parse_checksum={}", decoded.checksum(), encoded.len(), top_level_count(&value));
    Ok(())
}

#[repr(C)]
struct Timespec {
    seconds: std::os::raw::c_long,
    nanoseconds: std::os::raw::c_long,
}

extern "C" {
    fn clock_gettime(clock: std::os::raw::c_int, time: *mut Timespec) -> std::os::raw::c_int;
}

#[cfg(target_os = "macos")]
const CLOCK_THREAD_CPUTIME_ID: std::os::raw::c_int = 16;
#[cfg(not(target_os = "macos"))]
const CLOCK_THREAD_CPUTIME_ID: std::os::raw::c_int = 3;

/// CPU time of this thread, in nanoseconds.
fn thread_cpu_ns() -> f64 {
    let mut time = Timespec { seconds: 0, nanoseconds: 0 };
    // SAFETY: a valid out-pointer and a clock every supported system has.
    let status = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    time.seconds as f64 * 1e9 + time.nanoseconds as f64
}

/// Warms up for a tenth of `seconds`, then times 7 rounds of equal call counts filling the
/// rest; returns the median ns per call and the checksum of everything run.
fn measure(seconds: f64, body: &mut Body) -> (f64, usize) {
    const ROUNDS: usize = 7;
    let budget = seconds * 1e9;
    let mut checksum = 0usize;
    let start = thread_cpu_ns();
    let mut calls = 0.0;
    let per_call = loop {
        checksum = checksum.wrapping_add(body());
        calls += 1.0;
        let elapsed = thread_cpu_ns() - start;
        if calls >= 3.0 && elapsed >= budget / 10.0 {
            break elapsed / calls;
        }
    };
    let repetitions = ((budget * 0.9 / ROUNDS as f64 / per_call) as usize).max(1);
    let mut samples = Vec::with_capacity(ROUNDS);
    for _ in 0..ROUNDS {
        let start = thread_cpu_ns();
        for _ in 0..repetitions {
            checksum = checksum.wrapping_add(body());
        }
        samples.push((thread_cpu_ns() - start) / repetitions as f64);
    }
    samples.sort_by(|a, b| a.partial_cmp(b).expect("finite times"));
    (samples[ROUNDS / 2], checksum)
}

/// `[a, b] + [c]` → `[a, b, c]` without re-serializing, as the Swift benchmark joins the
/// GitHub pages (DataFiles.concatenateArrays).
fn join(out: &str, files: &[String]) -> Result<(), String> {
    let space = |c: &u8| matches!(c, b' ' | b'\n' | b'\r' | b'\t');
    let mut result = vec![b'['];
    let mut first = true;
    for file in files {
        let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
        let open = bytes.iter().position(|c| !space(c));
        let close = bytes.iter().rposition(|c| !space(c));
        let (open, close) = match (open, close) {
            (Some(open), Some(close)) if bytes[open] == b'[' && bytes[close] == b']' && open < close => (open, close),
            _ => return Err(format!("{file} is not a JSON array")),
        };
        let inner = &bytes[open + 1..close];
        if inner.iter().all(space) {
            continue;
        }
        if !first {
            result.push(b',');
        }
        result.extend_from_slice(inner);
        first = false;
    }
    result.push(b']');
    std::fs::write(out, result).map_err(|e| format!("{out}: {e}"))
}

fn run<M: Model>(command: &str, args: &[String]) -> Result<(), String> {
    let read = |path: &String| std::fs::read(path).map_err(|e| format!("{path}: {e}"));
    match (command, args) {
        ("check", [_, file]) => check::<M>(&read(file)?),
        ("time", [op, _, file, seconds]) => {
            let bytes = read(file)?;
            let seconds: f64 = seconds.parse().map_err(|_| format!("bad seconds {seconds}"))?;
            let mut body = body::<M>(op, &bytes)?;
            let (ns, checksum) = measure(seconds, &mut body);
            println!("ns={ns:.1} checksum={checksum}");
            Ok(())
        }
        ("repeat", [op, _, file, count]) => {
            let bytes = read(file)?;
            let count: usize = count.parse().map_err(|_| format!("bad count {count}"))?;
            let mut body = body::<M>(op, &bytes)?;
            let checksum = (0..count).fold(0usize, |sum, _| sum.wrapping_add(body()));
            println!("ran {op} {count} times (checksum {checksum})");
            Ok(())
        }
        _ => Err(usage()),
    }
}

fn usage() -> String {
    "usage: anchors-serde check WORKLOAD FILE | time OP WORKLOAD FILE SECONDS | repeat OP WORKLOAD FILE COUNT | join OUT FILE...\n\
     (OP: decode, encode, parse; WORKLOAD: twitter, citm, canada, github-issues)"
        .to_string()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.split_first() {
        Some((command, rest)) if command == "join" && rest.len() >= 2 => join(&rest[0], &rest[1..]),
        Some((command, rest)) => {
            // The workload is the first argument of check and the second of time and repeat.
            let workload = if command == "check" { rest.first() } else { rest.get(1) };
            match workload.map(String::as_str) {
                Some("twitter") => run::<TwitterSearch>(command, rest),
                Some("citm") => run::<CitmCatalog>(command, rest),
                Some("canada") => run::<CanadaFeatureCollection>(command, rest),
                Some("github-issues") => run::<Vec<GitHubIssue>>(command, rest),
                _ => Err(usage()),
            }
        }
        None => Err(usage()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("anchors-serde: {message}");
            ExitCode::FAILURE
        }
    }
}
