//! What a monitor reports: the series of samples, how it ended, and a short
//! Markdown summary.

use std::fmt::Write as _;

use serde::Serialize;

/// One sample of the program's processes.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MonitorSample {
    /// When it was taken, in milliseconds since the monitor started.
    pub at_ms: u64,
    /// CPU use since the previous sample, in percent of one core (two busy
    /// cores read 200).
    pub cpu_percent: f64,
    /// Resident memory, summed over the processes, in bytes.
    pub rss_bytes: u64,
    /// How many processes the program's session held.
    pub processes: u32,
}

/// Why a monitor stopped sampling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum MonitorEnd {
    /// It was stopped (or dropped).
    Stopped,
    /// The program exited.
    ProgramExited,
    /// It held [`MAX_MONITOR_SAMPLES`](super::MAX_MONITOR_SAMPLES) samples.
    SampleLimit,
}

impl std::fmt::Display for MonitorEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Stopped => "stopped",
            Self::ProgramExited => "the program exited",
            Self::SampleLimit => "the sample limit was reached",
        })
    }
}

/// The program's CPU and resident memory over a run, sampled at a fixed
/// interval (serializes to JSON with `serde_json`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MonitorReport {
    /// The sampling interval, in milliseconds.
    pub interval_ms: u64,
    /// The samples, oldest first. The first is taken one interval after the
    /// start (a CPU percentage needs two readings).
    pub samples: Vec<MonitorSample>,
    /// Why sampling ended; `None` while it goes on.
    pub ended: Option<MonitorEnd>,
}

/// Minimum, maximum and mean of one measure.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spread {
    /// The smallest value.
    pub min: f64,
    /// The largest value.
    pub max: f64,
    /// The mean.
    pub mean: f64,
}

impl MonitorReport {
    /// The CPU percentages' spread, `None` without samples.
    pub fn cpu(&self) -> Option<Spread> {
        spread(self.samples.iter().map(|sample| sample.cpu_percent))
    }

    /// The resident memory's spread in bytes, `None` without samples.
    pub fn rss(&self) -> Option<Spread> {
        #[allow(clippy::cast_precision_loss)] // bytes: far below 2^53
        spread(self.samples.iter().map(|sample| sample.rss_bytes as f64))
    }

    /// A short Markdown summary: how many samples over how long, and the
    /// minimum, maximum and mean of CPU and resident memory.
    pub fn markdown(&self) -> String {
        let mut out = String::from("### Process monitor\n\n");
        let span = self.samples.last().map_or(0, |sample| sample.at_ms);
        let ended = self.ended.map_or_else(|| "still sampling".to_owned(), |end| end.to_string());
        let _ = writeln!(
            out,
            "{} samples every {} ms over {} ms ({ended}).\n",
            self.samples.len(),
            self.interval_ms,
            span
        );
        let (Some(cpu), Some(rss)) = (self.cpu(), self.rss()) else {
            out.push_str("No sample was taken: the program ended or the monitor stopped within one interval.\n");
            return out;
        };
        let peak = self.samples.iter().map(|sample| sample.processes).max().unwrap_or(0);
        out.push_str("| measure | min | max | mean |\n|---|---:|---:|---:|\n");
        let _ = writeln!(
            out,
            "| CPU (% of one core) | {:.1} | {:.1} | {:.1} |",
            cpu.min, cpu.max, cpu.mean
        );
        let _ = writeln!(
            out,
            "| resident memory (MiB) | {:.1} | {:.1} | {:.1} |",
            mib(rss.min),
            mib(rss.max),
            mib(rss.mean)
        );
        let noun = if peak == 1 { "process" } else { "processes" };
        let _ = writeln!(out, "\nAt most {peak} {noun} at once.");
        out
    }
}

fn mib(bytes: f64) -> f64 {
    bytes / (1024.0 * 1024.0)
}

fn spread(values: impl Iterator<Item = f64>) -> Option<Spread> {
    let mut count = 0u32;
    let (mut min, mut max, mut sum) = (f64::INFINITY, f64::NEG_INFINITY, 0.0);
    for value in values {
        count += 1;
        min = min.min(value);
        max = max.max(value);
        sum += value;
    }
    (count > 0).then(|| Spread { min, max, mean: sum / f64::from(count) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(at_ms: u64, cpu_percent: f64, mib: u64, processes: u32) -> MonitorSample {
        MonitorSample { at_ms, cpu_percent, rss_bytes: mib << 20, processes }
    }

    #[test]
    fn summarizes_and_serializes() {
        let report = MonitorReport {
            interval_ms: 100,
            samples: vec![
                sample(100, 0.0, 4, 1),
                sample(200, 90.0, 54, 3),
                sample(300, 30.0, 4, 1),
            ],
            ended: Some(MonitorEnd::ProgramExited),
        };
        assert_eq!(
            report.markdown(),
            "### Process monitor\n\n3 samples every 100 ms over 300 ms (the program exited).\n\n\
             | measure | min | max | mean |\n|---|---:|---:|---:|\n\
             | CPU (% of one core) | 0.0 | 90.0 | 40.0 |\n\
             | resident memory (MiB) | 4.0 | 54.0 | 20.7 |\n\nAt most 3 processes at once.\n"
        );
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["interval_ms"], 100);
        assert_eq!(json["ended"], "program_exited");
        assert_eq!(json["samples"][1]["rss_bytes"], 54u64 << 20);
        assert_eq!(json["samples"][1]["cpu_percent"], 90.0);
        assert_eq!(json["samples"][2]["at_ms"], 300);
        let empty = MonitorReport { interval_ms: 50, samples: vec![], ended: None };
        assert!(
            empty.markdown().contains(
                "0 samples every 50 ms over 0 ms (still sampling).\n\nNo sample was taken"
            )
        );
    }
}
