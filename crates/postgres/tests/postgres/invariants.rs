//! Invariants under load: random sequences of add-to-cart, order, cancel, Wave
//! session, payment, expiry and admin stock changes, driven through the real services on the real
//! repositories of a fresh database, checked after every step:
//! - no stock below zero, and each variant's stock as the model predicts;
//! - units on the shelf + units in orders not cancelled constant, except for admin stock changes;
//! - an order paid at most once (one stored paid session, one history entry by Wave);
//! - every total equal to its lines plus delivery, at the catalogue's prices and fees;
//! - every order's status and payment as the model predicts, and the sweep never cancelling an
//!   order Wave took the money for.
//!
//! `PROPTEST_CASES` sets how many sequences each test tries (24 by default).

mod check;
mod fake_wave;
mod model;
mod races;
mod shop;

use bitik_orders::ShippingMethod;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;

use model::{CUSTOMERS, VARIANTS};
use shop::{Delivery, Shop};

#[derive(Debug, Clone)]
enum Op {
    Add { customer: usize, variant: usize, quantity: u32 },
    Place { customer: usize, wave: bool, shipping: ShippingMethod },
    Cancel { order: Index, by_owner: bool },
    Init { order: Index },
    Pay { order: Index, delivery: Delivery },
    Expire,
    SetStock { variant: usize, quantity: u32 },
    LastUnits { variant: usize, stock: u32, quantity: u32, wave: bool },
    RacingAdds { customer: usize, variant: usize, quantity: u32 },
    PayVersusExpiry { order: Index, delay: u64 },
    CancelVersusPay { order: Index, delay: u64 },
    Deliveries { order: Index, cancel_first: bool },
}

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(24);
    // Each case is a database of its own: shrinking is bounded so a failure is reported in minutes.
    ProptestConfig { cases, max_shrink_iters: 300, ..ProptestConfig::default() }
}

/// Mostly what a shopper takes, sometimes more than any stock holds.
fn quantity() -> impl Strategy<Value = u32> {
    prop_oneof![4 => 1..=2u32, 1 => 3..=9u32]
}

fn step() -> impl Strategy<Value = Op> {
    let customer = 0..CUSTOMERS;
    let variant = 0..VARIANTS.len();
    let shipping =
        prop_oneof![Just(ShippingMethod::Standard), Just(ShippingMethod::Express), Just(ShippingMethod::Pickup)];
    let delivery = prop_oneof![
        3 => Just(Delivery::Webhook),
        1 => Just(Delivery::Replay),
        2 => Just(Delivery::Status),
        2 => Just(Delivery::Lost)
    ];
    prop_oneof![
        6 => (customer.clone(), variant.clone(), quantity())
            .prop_map(|(customer, variant, quantity)| Op::Add { customer, variant, quantity }),
        4 => (customer, any::<bool>(), shipping).prop_map(|(customer, wave, shipping)| Op::Place { customer, wave, shipping }),
        2 => (any::<Index>(), prop::bool::weighted(0.85)).prop_map(|(order, by_owner)| Op::Cancel { order, by_owner }),
        2 => any::<Index>().prop_map(|order| Op::Init { order }),
        3 => (any::<Index>(), delivery).prop_map(|(order, delivery)| Op::Pay { order, delivery }),
        2 => Just(Op::Expire),
        1 => (variant, 0..=6u32).prop_map(|(variant, quantity)| Op::SetStock { variant, quantity }),
    ]
}

fn racing_step() -> impl Strategy<Value = Op> {
    let variant = 0..VARIANTS.len();
    prop_oneof![
        4 => step(),
        1 => (variant.clone(), 0..=5u32, 1..=3u32, any::<bool>())
            .prop_map(|(variant, stock, quantity, wave)| Op::LastUnits { variant, stock, quantity, wave }),
        1 => (0..CUSTOMERS, variant, 1..=4u32)
            .prop_map(|(customer, variant, quantity)| Op::RacingAdds { customer, variant, quantity }),
        1 => (any::<Index>(), 0..15u64).prop_map(|(order, delay)| Op::PayVersusExpiry { order, delay }),
        1 => (any::<Index>(), 0..15u64).prop_map(|(order, delay)| Op::CancelVersusPay { order, delay }),
        1 => (any::<Index>(), any::<bool>()).prop_map(|(order, cancel_first)| Op::Deliveries { order, cancel_first }),
    ]
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn invariants_hold_after_every_step(stock in vec(1..=6u32, VARIANTS.len()), ops in vec(step(), 1..=25)) {
        run(&stock, &ops)?;
    }

    #[test]
    fn invariants_hold_when_steps_race(stock in vec(0..=6u32, VARIANTS.len()), ops in vec(racing_step(), 1..=20)) {
        run(&stock, &ops)?;
    }
}

fn run(stock: &[u32], ops: &[Op]) -> Result<(), TestCaseError> {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    runtime.block_on(async {
        let mut shop = Shop::open(stock).await;
        shop.check().await.map_err(|e| TestCaseError::fail(format!("before any step: {e}")))?;
        for (n, op) in ops.iter().enumerate() {
            shop.tick();
            apply(&mut shop, op).await.map_err(|e| TestCaseError::fail(format!("step {n} {op:?}: {e}")))?;
            shop.check().await.map_err(|e| TestCaseError::fail(format!("after step {n} {op:?}: {e}")))?;
        }
        Ok(())
    })
}

async fn apply(shop: &mut Shop, op: &Op) -> Result<(), String> {
    let orders = shop.model.orders.len();
    let pick = |order: &Index| (orders > 0).then(|| order.index(orders));
    match op {
        Op::Add { customer, variant, quantity } => shop.add(*customer, *variant, *quantity).await,
        Op::Place { customer, wave, shipping } => shop.place(*customer, *wave, *shipping).await,
        Op::Cancel { order, by_owner } => match pick(order) {
            Some(index) => shop.cancel(index, *by_owner).await,
            None => Ok(()),
        },
        // The model follows Wave orders' sessions. A cash order paid with Wave becomes a Wave order
        // in one transaction, tested on its own (api/refunds.rs, the payment of a cash order).
        Op::Init { order } => match pick(order) {
            Some(index) if shop.model.orders[index].wave => shop.init(index).await,
            _ => Ok(()),
        },
        Op::Pay { order, delivery } => match pick(order) {
            Some(index) => shop.pay(index, *delivery).await,
            None => Ok(()),
        },
        Op::Expire => shop.expire().await,
        Op::SetStock { variant, quantity } => shop.set_stock(*variant, *quantity).await,
        Op::LastUnits { variant, stock, quantity, wave } => {
            shop.race_last_units(*variant, *stock, *quantity, *wave).await
        }
        Op::RacingAdds { customer, variant, quantity } => shop.race_adds(*customer, *variant, *quantity).await,
        Op::PayVersusExpiry { order, delay } => shop.race_pay_expiry(order, *delay).await,
        Op::CancelVersusPay { order, delay } => shop.race_cancel_pay(order, *delay).await,
        Op::Deliveries { order, cancel_first } => shop.race_deliveries(order, *cancel_first).await,
    }
}
