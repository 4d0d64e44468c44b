//! The server's log lines: `2026-12-07T07:00:00.123456Z  INFO request{id=…}: request method=GET
//! route="/api/products" status=200 duration_us=412`. The request's id comes from
//! `bitik_api::observe::current_request` (set around each poll of the request), not from a
//! tracing span: a span per request (made, entered and left at each poll, closed) cost a fifth
//! of the served rate (docs/benchmarks.md).
//!
//! The lines are written to stdout in batches, every 50 ms, by a thread of their own
//! ([`batched_stdout`]): the request's worker only appends its line to a buffer. Handed over one
//! by one (a channel to a writer thread), each line woke that thread and became a system call.
//!
//! A client's malformed or oversized request head, or one that never finishes, is the client's
//! fault: actix logs it as an error (`stream error: request parse error: message head is too
//! large`); it is written here as a warning, so that an operator's alert on errors does not
//! ring for someone else's bad request.

use std::fmt;
use std::io::{self, Write as _};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::fmt::time::{FormatTime, SystemTime};
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields, MakeWriter};
use tracing_subscriber::registry::LookupSpan;

/// The format of every line the server writes.
pub struct LogLine;

impl<S, N> FormatEvent<S, N> for LogLine
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(&self, ctx: &FmtContext<'_, S, N>, mut writer: Writer<'_>, event: &Event<'_>) -> fmt::Result {
        SystemTime.format_time(&mut writer)?;
        write!(writer, " {:>5} ", level_of(event))?;
        bitik_api::observe::current_request(|id| match id {
            Some(id) => write!(writer, "request{{id={id}}}: "),
            None => Ok(()),
        })?;
        ctx.format_fields(writer.by_ref(), event)?;
        writeln!(writer)
    }
}

/// The event's level, but a warning for an error that is a client's fault.
fn level_of(event: &Event<'_>) -> Level {
    let metadata = event.metadata();
    let level = *metadata.level();
    if level == Level::ERROR && metadata.target().starts_with("actix_http::h1") && is_clients_fault(event) {
        return Level::WARN;
    }
    level
}

/// actix's "stream error" of a request head it could not read, or of a request that never came.
fn is_clients_fault(event: &Event<'_>) -> bool {
    let mut message = Message(String::new());
    event.record(&mut message);
    let Some(error) = message.0.strip_prefix("stream error: ") else { return false };
    error.starts_with("request parse error") || error.starts_with("request did not complete")
}

struct Message(String);

impl Visit for Message {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        if field.name() == "message" {
            self.0 = format!("{value:?}");
        }
    }
}

/// How often the waiting lines are written: what a crash may lose, and how late `journalctl -f`
/// shows a line.
const FLUSH_EVERY: Duration = Duration::from_millis(50);
/// Past this much waiting (stdout blocked: a full pipe, a stalled journal), new lines are
/// dropped and counted rather than kept without end.
const MOST_WAITING: usize = 8 << 20;

/// Where the server's lines go: appended to a buffer that a thread of its own writes to stdout
/// every [`FLUSH_EVERY`]. Dropping the [`Flushed`] guard writes what is left and stops it.
pub fn batched_stdout() -> (Batched, Flushed) {
    let shared = Arc::new(Shared::default());
    let flusher = {
        let shared = shared.clone();
        std::thread::Builder::new()
            .name("logs".into())
            .spawn(move || shared.flush_until_stopped(&mut io::stdout()))
            .expect("a thread for the logs")
    };
    (Batched(shared.clone()), Flushed { shared, flusher: Some(flusher) })
}

#[derive(Default)]
struct Shared {
    waiting: Mutex<Vec<u8>>,
    dropped: AtomicU64,
    stopping: Mutex<bool>,
    stop: Condvar,
}

impl Shared {
    fn append(&self, line: &[u8]) {
        let mut waiting = self.waiting.lock().unwrap_or_else(PoisonError::into_inner);
        if waiting.len() + line.len() > MOST_WAITING {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        } else {
            waiting.extend_from_slice(line);
        }
    }

    /// Every [`FLUSH_EVERY`], the waiting lines in one write, until told to stop; then the rest.
    fn flush_until_stopped(&self, out: &mut impl io::Write) {
        let mut batch = Vec::new();
        loop {
            let stopping = {
                let stopping = self.stopping.lock().unwrap_or_else(PoisonError::into_inner);
                let (stopping, _) =
                    self.stop.wait_timeout(stopping, FLUSH_EVERY).unwrap_or_else(PoisonError::into_inner);
                *stopping
            };
            std::mem::swap(&mut batch, &mut *self.waiting.lock().unwrap_or_else(PoisonError::into_inner));
            let dropped = self.dropped.swap(0, Ordering::Relaxed);
            if dropped > 0 {
                let _ = writeln!(batch, "{dropped} log lines dropped: stdout did not keep up");
            }
            if !batch.is_empty() {
                // Nowhere to say that stdout is gone: the lines are lost either way.
                let _ = out.write_all(&batch).and_then(|()| out.flush());
                batch.clear();
            }
            if stopping {
                return;
            }
        }
    }
}

/// The server's log writer (`tracing_subscriber`'s `MakeWriter`).
pub struct Batched(Arc<Shared>);

/// One formatted line, appended whole.
pub struct Append<'a>(&'a Shared);

impl io::Write for Append<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.append(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl<'a> MakeWriter<'a> for Batched {
    type Writer = Append<'a>;

    fn make_writer(&'a self) -> Self::Writer {
        Append(&self.0)
    }
}

/// Writes the lines still waiting when dropped (at the end of `main`).
pub struct Flushed {
    shared: Arc<Shared>,
    flusher: Option<JoinHandle<()>>,
}

impl Drop for Flushed {
    fn drop(&mut self) {
        *self.shared.stopping.lock().unwrap_or_else(PoisonError::into_inner) = true;
        self.shared.stop.notify_one();
        if let Some(flusher) = self.flusher.take() {
            let _ = flusher.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Default)]
    struct Lines(Arc<Mutex<Vec<u8>>>);

    impl io::Write for Lines {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl<'a> MakeWriter<'a> for Lines {
        type Writer = Lines;
        fn make_writer(&'a self) -> Self::Writer {
            self.clone()
        }
    }

    fn logged(f: impl FnOnce()) -> String {
        let lines = Lines::default();
        let subscriber = tracing_subscriber::fmt().event_format(LogLine).with_writer(lines.clone()).finish();
        tracing::subscriber::with_default(subscriber, f);
        String::from_utf8(lines.0.lock().unwrap().clone()).unwrap()
    }

    #[test]
    fn a_line_logged_while_a_request_is_served_carries_its_id_and_others_none() {
        let id: std::rc::Rc<str> = "lb-4f2a-0002".into();
        let log = logged(|| {
            bitik_api::observe::in_request(&id, || tracing::info!(status = 200, "request"));
            tracing::warn!("the outbox could not send");
        });
        let lines: Vec<&str> = log.lines().collect();
        assert_eq!(lines.len(), 2, "{log}");
        assert!(lines[0].ends_with(" INFO request{id=lb-4f2a-0002}: request status=200"), "{log}");
        assert!(lines[1].ends_with(" WARN the outbox could not send"), "{log}");
        assert!(lines[0].starts_with("20") && lines[0].as_bytes()[10] == b'T', "a timestamp first: {log}");
    }

    #[test]
    fn lines_are_written_whole_in_one_batch_and_too_many_waiting_are_counted_not_kept() {
        let shared = Shared::default();
        Append(&shared).write_all(b"first line\n").unwrap();
        Append(&shared).write_all(b"second line\n").unwrap();
        *shared.stopping.lock().unwrap() = true;
        let mut out = Vec::new();
        shared.flush_until_stopped(&mut out);
        assert_eq!(String::from_utf8(out).unwrap(), "first line\nsecond line\n");

        let shared = Shared::default();
        let line = vec![b'x'; MOST_WAITING / 2];
        for _ in 0..3 {
            Append(&shared).write_all(&line).unwrap();
        }
        *shared.stopping.lock().unwrap() = true;
        let mut out = Vec::new();
        shared.flush_until_stopped(&mut out);
        assert_eq!(out.len(), 2 * line.len() + "1 log lines dropped: stdout did not keep up\n".len());
    }

    #[test]
    fn a_client_s_oversized_head_is_a_warning_the_server_s_own_errors_stay_errors() {
        let log = logged(|| {
            tracing::error!(target: "actix_http::h1::dispatcher", "stream error: request parse error: message head is too large");
            tracing::error!(target: "actix_http::h1::dispatcher", "stream error: request did not complete within the specified timeout");
            tracing::error!(target: "actix_http::h1::dispatcher", "Response payload stream error: broken");
            tracing::error!("the database does not answer");
        });
        let levels: Vec<&str> = log.lines().map(|line| line.split_whitespace().nth(1).unwrap()).collect();
        assert_eq!(levels, ["WARN", "WARN", "ERROR", "ERROR"], "{log}");
    }
}
