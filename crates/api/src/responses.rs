//! The success envelopes: `{"data": …}` and, for lists, `{"data": [...], "pagination": {…}}`.

use bitik_common::Page;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct Data<T> {
    pub data: T,
}

impl<T> Data<T> {
    pub fn new(data: T) -> Self {
        Self { data }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Paginated<T> {
    pub data: Vec<T>,
    pub pagination: Pagination,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pagination {
    pub page: u32,
    pub limit: u32,
    pub total_items: u64,
    pub total_pages: u64,
    /// True when the count stopped ten pages ahead (long shop listings): there are more items
    /// than `totalItems`, and more pages than `totalPages`.
    pub total_is_lower_bound: bool,
}

impl<T> Paginated<T> {
    pub fn from_page<U>(page: Page<U>, to_dto: impl FnMut(U) -> T) -> Self {
        let pagination = Pagination {
            page: page.request.page,
            limit: page.request.limit,
            total_items: page.total_items,
            total_pages: page.total_pages(),
            total_is_lower_bound: page.total_is_lower_bound,
        };
        Self { data: page.items.into_iter().map(to_dto).collect(), pagination }
    }
}
