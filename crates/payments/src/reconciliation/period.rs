use chrono::NaiveDate;

use super::error::ReportError;

/// The longest report: a quarter. Wave is asked about each of the period's orders, so the
/// period is what bounds those calls.
pub const MAX_PERIOD_DAYS: i64 = 92;

/// Dakar days from `from` to `to`, both included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub from: NaiveDate,
    pub to: NaiveDate,
}

impl Period {
    /// The period as a query spells it (`YYYY-MM-DD`, Dakar days).
    pub fn parse(from: Option<&str>, to: Option<&str>) -> Result<Self, ReportError> {
        let day = |value: Option<&str>, field| {
            value
                .map(str::trim)
                .and_then(|v| NaiveDate::parse_from_str(v, "%Y-%m-%d").ok())
                .ok_or(ReportError::InvalidDate { field })
        };
        Self::new(day(from, "from")?, day(to, "to")?)
    }

    pub fn new(from: NaiveDate, to: NaiveDate) -> Result<Self, ReportError> {
        if from > to {
            return Err(ReportError::FromAfterTo {
                from: from.format("%d/%m/%Y").to_string(),
                to: to.format("%d/%m/%Y").to_string(),
            });
        }
        if (to - from).num_days() + 1 > MAX_PERIOD_DAYS {
            return Err(ReportError::TooLong { max: MAX_PERIOD_DAYS });
        }
        Ok(Period { from, to })
    }

    pub fn contains(&self, day: NaiveDate) -> bool {
        self.from <= day && day <= self.to
    }

    /// Every day of the period, oldest first.
    pub fn days(&self) -> impl Iterator<Item = NaiveDate> + use<> {
        let to = self.to;
        self.from.iter_days().take_while(move |d| *d <= to)
    }
}
