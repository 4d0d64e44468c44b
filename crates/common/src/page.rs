/// Which page of a list is asked for. Pages count from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub page: u32,
    pub limit: u32,
}

impl PageRequest {
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
}

impl<T> Page<T> {
    pub fn total_pages(&self) -> u64 {
        self.total_items.div_ceil(u64::from(self.request.limit))
    }

    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page { items: self.items.into_iter().map(f).collect(), request: self.request, total_items: self.total_items }
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
    fn counts_pages() {
        let page = Page::<u8> { items: vec![], request: PageRequest::new(1, 12, 100), total_items: 25 };
        assert_eq!(page.total_pages(), 3);
        let empty = Page::<u8> { items: vec![], request: PageRequest::new(1, 12, 100), total_items: 0 };
        assert_eq!(empty.total_pages(), 0);
    }
}
