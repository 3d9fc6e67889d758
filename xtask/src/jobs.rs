//! Commands run a few at a time: the checks that run one Node process per target (conformance)
//! keep every core busy. Each job's lines pass through as they come, prefixed by its label when
//! several run, so a long run still shows its progress.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::Mutex;

use anyhow::{Context, Result};

/// A command and the label its lines are shown with.
pub struct Job {
    pub label: String,
    pub command: Command,
}

/// What a job ended in: whether it exited with success, and its stdout's last line.
pub struct Finished {
    pub success: bool,
    pub last_line: Option<String>,
}

/// How many jobs run at once by default: one per core.
pub fn default_parallelism() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs `jobs`, at most `parallelism` at a time, starting them in order; returns what each ended in,
/// in the order given.
pub fn run_all(jobs: Vec<Job>, parallelism: usize) -> Result<Vec<Finished>> {
    let prefixed = jobs.len() > 1;
    let count = jobs.len();
    // Jobs not started yet, in order with their indices, and what each started one ended in.
    let queue = Mutex::new(jobs.into_iter().enumerate());
    let results: Mutex<Vec<Option<Result<Finished>>>> = Mutex::new((0..count).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..parallelism.clamp(1, count.max(1)) {
            scope.spawn(|| {
                while let Some((index, job)) = queue.lock().expect("the queue's lock").next() {
                    let result = run_one(job, prefixed);
                    results.lock().expect("the results' lock")[index] = Some(result);
                }
            });
        }
    });
    let results = results.into_inner().expect("the results' lock");
    results.into_iter().map(|result| result.expect("every job ran")).collect()
}

/// Runs one job, passing its stdout and stderr through line by line.
fn run_one(mut job: Job, prefixed: bool) -> Result<Finished> {
    let prefix = if prefixed { format!("[{}] ", job.label) } else { String::new() };
    let mut child = job
        .command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("cannot start {}", job.label))?;
    let stdout = child.stdout.take().expect("piped stdout");
    let stderr = child.stderr.take().expect("piped stderr");
    let last_line = std::thread::scope(|scope| {
        let errors = scope.spawn(|| pass_through(stderr, &prefix, &mut std::io::stderr()));
        let last_line = pass_through(stdout, &prefix, &mut std::io::stdout());
        errors.join().expect("the stderr reader does not panic")?;
        last_line
    })?;
    let success = child.wait()?.success();
    Ok(Finished { success, last_line })
}

/// Copies `input`'s lines to `output`, each prefixed and written whole; returns the last one.
fn pass_through(input: impl Read, prefix: &str, output: &mut impl Write) -> Result<Option<String>> {
    let mut last = None;
    for line in BufReader::new(input).lines() {
        let line = line?;
        output.write_all(format!("{prefix}{line}\n").as_bytes())?;
        last = Some(line);
    }
    Ok(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shell(label: &str, script: &str) -> Job {
        let mut command = Command::new("sh");
        command.args(["-c", script]);
        Job { label: label.to_owned(), command }
    }

    /// Every job runs once, however many run at a time, and each result is the job's own: in the
    /// order given, with its exit status and its stdout's last line (stderr apart).
    #[test]
    fn results_are_in_the_order_given() {
        for parallelism in [1, 2, 8] {
            let jobs = vec![
                shell("slow", "sleep 0.2; echo first; echo one"),
                shell("failing", "echo two; echo on-stderr >&2; exit 3"),
                shell("silent", "true"),
            ];
            let finished = run_all(jobs, parallelism).expect("the jobs start");
            let seen: Vec<(bool, Option<&str>)> =
                finished.iter().map(|f| (f.success, f.last_line.as_deref())).collect();
            assert_eq!(seen, [(true, Some("one")), (false, Some("two")), (true, None)], "parallelism {parallelism}");
        }
    }

    #[test]
    fn no_jobs_is_no_results() {
        assert!(run_all(Vec::new(), 2).expect("nothing to start").is_empty());
    }
}
