//! The server's log lines: `2026-12-07T07:00:00.123456Z  INFO request{id=…}: request method=GET
//! route="/api/products" status=200 duration_us=412`. The request's id comes from
//! `bitik_api::observe::current_request` (set around each poll of the request), not from a
//! tracing span: a span per request (made, entered and left at each poll, closed) cost a fifth
//! of the served rate (docs/benchmarks.md).
//!
//! A client's malformed or oversized request head, or one that never finishes, is the client's
//! fault: actix logs it as an error (`stream error: request parse error: message head is too
//! large`); it is written here as a warning, so that an operator's alert on errors does not
//! ring for someone else's bad request.

use std::fmt;

use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::fmt::time::{FormatTime, SystemTime};
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields};
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

#[cfg(test)]
mod tests {
    use std::io;
    use std::sync::{Arc, Mutex};

    use tracing_subscriber::fmt::MakeWriter;

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
