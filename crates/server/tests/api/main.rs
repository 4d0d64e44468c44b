//! API tests: the real application on a random port, each test with its own database.

mod access;
mod admin_orders;
mod admin_products;
mod admin_users;
mod bad_input;
mod cache_abuse;
mod cart;
mod catalog;
mod catalog_cache;
mod compression;
mod demo_orders;
mod exports;
mod faults;
mod foundation;
mod helpers;
mod identity;
mod orders;
mod pages;
mod payments;
mod production;
mod secrets;
mod security;
mod shutdown;
mod storefront_assets;
mod uploads;
mod wave_faults;
