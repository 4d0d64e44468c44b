//! What the shop's WhatsApp messages cost in a month: Meta bills each template message it
//! accepts by its pricing category, at a price per country the shop copies from its invoice
//! (`WHATSAPP_PRICE_UTILITY`, `WHATSAPP_PRICE_AUTHENTICATION`, in FCFA). Meta's price is a
//! fraction of a franc's multiple (about 2,4 FCFA in 2025), so a price keeps two decimals, held
//! as whole hundredths, and a month's cost is rounded to the whole franc. Free text within a
//! customer's 24-hour window has no category and costs nothing. An unknown price stays unknown:
//! no figure is made up for it.

use chrono::{DateTime, Datelike, NaiveDate, TimeZone, Utc};

use crate::error::MessageError;
use crate::model::Category;

/// A calendar month, in the shop's time (Dakar is UTC all year).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Month {
    first_day: NaiveDate,
}

impl Month {
    /// `YYYY-MM`, as `<input type="month">` sends it.
    pub fn parse(text: &str) -> Result<Self, MessageError> {
        let first_day = NaiveDate::parse_from_str(&format!("{}-01", text.trim()), "%Y-%m-%d")
            .map_err(|_| MessageError::InvalidMonth)?;
        if !(2000..=9999).contains(&first_day.year()) {
            return Err(MessageError::InvalidMonth);
        }
        Ok(Month { first_day })
    }

    pub fn of(at: DateTime<Utc>) -> Self {
        Month { first_day: at.date_naive().with_day(1).expect("every month has a first day") }
    }

    /// Its first instant, and the first instant of the next month.
    pub fn bounds(self) -> (DateTime<Utc>, DateTime<Utc>) {
        let next = self.first_day.checked_add_months(chrono::Months::new(1)).expect("years stop at 9999");
        let start = |day: NaiveDate| Utc.from_utc_datetime(&day.and_hms_opt(0, 0, 0).expect("midnight exists"));
        (start(self.first_day), start(next))
    }

    /// `YYYY-MM`.
    pub fn code(self) -> String {
        self.first_day.format("%Y-%m").to_string()
    }
}

/// What Meta bills one template message, in hundredths of a franc.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnitPrice {
    hundredths: i64,
}

/// The dearest price a setting may give (Meta's dearest is well under 100 FCFA).
const MAX_UNIT_PRICE: i64 = 1_000 * 100;

impl UnitPrice {
    /// `2,4`, `2.45` or `3` (FCFA): at most two decimals, from 0 to 1 000.
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim().replace(',', ".");
        let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
        let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
        let dangling = text.ends_with('.');
        if dangling || whole.is_empty() || whole.len() > 4 || fraction.len() > 2 || !digits(whole) || !digits(fraction)
        {
            return None;
        }
        let cents = format!("{fraction:0<2}").parse::<i64>().ok()?;
        let hundredths = whole.parse::<i64>().ok()? * 100 + cents;
        (hundredths <= MAX_UNIT_PRICE).then_some(UnitPrice { hundredths })
    }

    pub fn hundredths(self) -> i64 {
        self.hundredths
    }

    /// `count` messages at this price, to the nearest franc (half up).
    fn times(self, count: u64) -> i64 {
        let count = i64::try_from(count).unwrap_or(i64::MAX);
        count.saturating_mul(self.hundredths).saturating_add(50) / 100
    }

    /// As the back office shows it: « 2,40 FCFA », « 3 FCFA ».
    pub fn label(self) -> String {
        match self.hundredths % 100 {
            0 => format!("{} FCFA", self.hundredths / 100),
            cents => format!("{},{cents:02} FCFA", self.hundredths / 100),
        }
    }
}

/// The price of one template message per category; `None` when the shop has not said it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WhatsAppPrices {
    pub utility: Option<UnitPrice>,
    pub authentication: Option<UnitPrice>,
}

impl WhatsAppPrices {
    pub fn of(self, category: Category) -> Option<UnitPrice> {
        match category {
            Category::Utility => self.utility,
            Category::Authentication => self.authentication,
        }
    }
}

/// One category's month: how many messages Meta accepted, and what they cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryCost {
    pub category: Category,
    pub count: u64,
    pub unit_price: Option<UnitPrice>,
    /// `count × unit_price` in whole francs; `None` when the price is unknown.
    pub cost: Option<i64>,
}

/// A month's WhatsApp bill, per category.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonthCosts {
    pub month: Month,
    pub categories: Vec<CategoryCost>,
    /// The sum, when every category that sent something has a price.
    pub total: Option<i64>,
}

impl MonthCosts {
    /// The bill from the month's counts (categories without messages count 0).
    pub fn of(month: Month, counts: &[(Category, u64)], prices: WhatsAppPrices) -> Self {
        let categories: Vec<CategoryCost> = [Category::Utility, Category::Authentication]
            .into_iter()
            .map(|category| {
                let count = counts.iter().filter(|(c, _)| *c == category).map(|(_, n)| n).sum::<u64>();
                let unit_price = prices.of(category);
                let cost = unit_price.map(|price| price.times(count));
                CategoryCost { category, count, unit_price, cost }
            })
            .collect();
        let total = categories
            .iter()
            .map(|line| if line.count == 0 { Some(0) } else { line.cost })
            .try_fold(0_i64, |sum, cost| cost.map(|cost| sum.saturating_add(cost)));
        MonthCosts { month, categories, total }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn month(text: &str) -> Month {
        Month::parse(text).unwrap()
    }

    #[test]
    fn a_month_is_read_as_yyyy_mm_and_spans_its_days() {
        let (start, end) = month("2026-12").bounds();
        assert_eq!(start.to_rfc3339(), "2026-12-01T00:00:00+00:00");
        assert_eq!(end.to_rfc3339(), "2027-01-01T00:00:00+00:00");
        assert_eq!(month(" 2027-02 ").bounds().1.to_rfc3339(), "2027-03-01T00:00:00+00:00");
        assert_eq!(Month::of(end).code(), "2027-01");
        for wrong in ["2026-13", "2026-1x", "décembre", "", "2026-12-01", "0999-01"] {
            assert!(matches!(Month::parse(wrong), Err(MessageError::InvalidMonth)), "{wrong:?}");
        }
    }

    fn price(text: &str) -> Option<UnitPrice> {
        UnitPrice::parse(text)
    }

    #[test]
    fn a_price_keeps_two_decimals_written_either_way() {
        let hundredths = |text| price(text).map(UnitPrice::hundredths);
        assert_eq!(
            [hundredths("2,4"), hundredths(" 2.45 "), hundredths("3"), hundredths("0")],
            [Some(240), Some(245), Some(300), Some(0)]
        );
        for wrong in ["", "-1", "2,456", "1001", "deux", "2,", ",5", "1e3", "2 500"] {
            assert_eq!(price(wrong), None, "{wrong:?}");
        }
        assert_eq!([price("2,4").unwrap().label(), price("3").unwrap().label()], ["2,40 FCFA", "3 FCFA"]);
    }

    #[test]
    fn each_category_costs_its_count_at_its_price_rounded_to_the_franc_and_the_total_adds_them() {
        let prices = WhatsAppPrices { utility: price("2,4"), authentication: price("5") };
        let counts = [(Category::Utility, 121), (Category::Authentication, 31)];
        let bill = MonthCosts::of(month("2026-12"), &counts, prices);
        let costs: Vec<_> = bill.categories.iter().map(|line| (line.category, line.count, line.cost)).collect();
        // 121 × 2,40 = 290,40 francs.
        assert_eq!(costs, [(Category::Utility, 121, Some(290)), (Category::Authentication, 31, Some(155))]);
        assert_eq!(bill.total, Some(445));
        let half = MonthCosts::of(
            month("2026-12"),
            &[(Category::Utility, 5)],
            WhatsAppPrices { utility: price("0,5"), authentication: None },
        );
        assert_eq!(half.categories[0].cost, Some(3), "2,50 francs round up");
    }

    #[test]
    fn an_unknown_price_gives_no_cost_and_no_total_unless_its_category_sent_nothing() {
        let prices = WhatsAppPrices { utility: price("5"), authentication: None };
        let nothing_sent = MonthCosts::of(month("2026-12"), &[(Category::Utility, 3)], prices);
        assert_eq!(nothing_sent.categories[1].count, 0);
        assert_eq!(nothing_sent.categories[1].cost, None);
        assert_eq!(nothing_sent.total, Some(15), "no code sent: nothing unknown in the total");

        let codes_sent =
            MonthCosts::of(month("2026-12"), &[(Category::Utility, 3), (Category::Authentication, 2)], prices);
        assert_eq!(codes_sent.categories[1].cost, None);
        assert_eq!(codes_sent.total, None, "two codes at an unknown price: the total is not known");
    }
}
