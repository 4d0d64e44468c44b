//! The `bitik` binary's library: configuration from the environment, the command line, and the
//! composition root where the adapters are built and handed to the services.

pub mod cli;
pub mod config;
pub mod jobs;
pub mod logs;
pub mod production;
pub mod startup;
pub mod whatsapp_settings;

#[cfg(test)]
mod architecture;
