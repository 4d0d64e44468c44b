//! How a figure moved against the previous period, as the dashboard shows it.

/// The change from `previous` to `current` in whole percent, rounded half away from zero;
/// `None` when there was nothing before (no percentage means anything then, and the dashboard
/// shows none rather than a made-up one).
pub fn change_percent(current: i64, previous: i64) -> Option<i64> {
    if previous <= 0 {
        return None;
    }
    let (current, previous) = (i128::from(current), i128::from(previous));
    let scaled = (current - previous) * 100;
    // Integer rounding of scaled / previous, half away from zero.
    let rounded = if scaled >= 0 { (scaled + previous / 2) / previous } else { (scaled - previous / 2) / previous };
    i64::try_from(rounded).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_change_against_the_previous_period() {
        assert_eq!(change_percent(150, 100), Some(50));
        assert_eq!(change_percent(50, 100), Some(-50));
        assert_eq!(change_percent(100, 100), Some(0));
        assert_eq!(change_percent(0, 40), Some(-100));
        assert_eq!(change_percent(2, 3), Some(-33));
        assert_eq!(change_percent(1, 8), Some(-88), "-87.5 rounds away from zero");
        assert_eq!(change_percent(9, 8), Some(13), "12.5 rounds away from zero");
    }

    #[test]
    fn no_percentage_without_a_previous_figure() {
        assert_eq!(change_percent(5, 0), None);
        assert_eq!(change_percent(0, 0), None);
    }
}
