//! Bitik's HTTP application: configuration, routes, error mapping and the composition root.

pub mod auth;
pub mod cli;
pub mod config;
pub mod error;
pub mod frontend;
pub mod media;
pub mod middleware;
pub mod openapi;
pub mod pages;
pub mod rate_limit;
pub mod responses;
pub mod routes;
pub mod seed;
pub mod startup;
pub mod state;
