/// Which page of a list is asked for. Pages count from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PageRequest {
    pub page: u32,
    pub limit: u32,
}

/// A page number or size that cannot be read from a query string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct InvalidPage {
    pub field: &'static str,
    pub message: &'static str,
}

impl PageRequest {
    /// Reads `page` and `limit` as sent in a query string: absent or blank means page 1 and
    /// `default` items; a limit above `max` is served `max`; anything not a whole number of at
    /// least 1 is refused.
    pub fn parse(page: Option<&str>, limit: Option<&str>, default: u32, max: u32) -> Result<Self, InvalidPage> {
        let read = |raw: Option<&str>, field: &'static str, message: &'static str, absent: u32| match raw
            .map(str::trim)
            .filter(|v| !v.is_empty())
        {
            None => Ok(absent),
            Some(v) => match v.parse::<u32>() {
                Ok(n) if n >= 1 => Ok(n),
                Err(_) if v.bytes().all(|b| b.is_ascii_digit()) => Ok(u32::MAX),
                _ => Err(InvalidPage { field, message }),
            },
        };
        let page = read(page, "page", "Le numéro de page doit être un nombre entier supérieur ou égal à 1.", 1)?;
        let limit = read(
            limit,
            "limit",
            "Le nombre d'éléments par page doit être un nombre entier supérieur ou égal à 1.",
            default,
        )?;
        Ok(Self::new(page, limit, max))
    }

    /// Clamps the limit to `1..=max_limit` and the page to at least 1.
    pub fn new(page: u32, limit: u32, max_limit: u32) -> Self {
        Self { page: page.max(1), limit: limit.clamp(1, max_limit) }
    }

    pub fn offset(&self) -> i64 {
        i64::from(self.page - 1) * i64::from(self.limit)
    }
}

/// One page of a list and the size of the whole list.
#[derive(Debug, Clone, PartialEq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub request: PageRequest,
    pub total_items: u64,
    /// The count stopped early (a long shop listing): there are more than `total_items`.
    pub total_is_lower_bound: bool,
}

impl<T> Page<T> {
    /// A page of a list counted to its end.
    pub fn counted(items: Vec<T>, request: PageRequest, total_items: u64) -> Self {
        Self { items, request, total_items, total_is_lower_bound: false }
    }

    pub fn total_pages(&self) -> u64 {
        self.total_items.div_ceil(u64::from(self.request.limit))
    }

    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page {
            items: self.items.into_iter().map(f).collect(),
            request: self.request,
            total_items: self.total_items,
            total_is_lower_bound: self.total_is_lower_bound,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamps_and_offsets() {
        let request = PageRequest::new(0, 500, 100);
        assert_eq!((request.page, request.limit), (1, 100));
        assert_eq!(PageRequest::new(3, 12, 100).offset(), 24);
    }

    #[test]
    fn reads_query_strings() {
        assert_eq!(PageRequest::parse(None, Some(" "), 10, 50), Ok(PageRequest { page: 1, limit: 10 }));
        assert_eq!(PageRequest::parse(Some("3"), Some("99999999999"), 10, 50), Ok(PageRequest { page: 3, limit: 50 }));
        for (page, limit) in [(Some("0"), None), (Some("-1"), None), (None, Some("abc")), (None, Some("1.5"))] {
            assert!(PageRequest::parse(page, limit, 10, 50).is_err(), "{page:?} {limit:?}");
        }
    }

    #[test]
    fn counts_pages() {
        let page = Page::<u8>::counted(vec![], PageRequest::new(1, 12, 100), 25);
        assert_eq!(page.total_pages(), 3);
        let empty = Page::<u8>::counted(vec![], PageRequest::new(1, 12, 100), 0);
        assert_eq!(empty.total_pages(), 0);
    }
}
