// Checkout under load (`just bench`), three ways:
// - burst (the default): pre-registered customers log in, fill their server carts through the
//   API, then all place a cash-on-delivery order at the same moment, on variants with too little
//   stock for everyone. Prints one JSON line: orders placed, refused for stock, other failures,
//   orders per second and latency percentiles of the placement requests.
// - capture LOG-FILE: the first customer places two orders; the second one alone follows the
//   printed log offset (what bench/checkout-sql.mjs turns into the pgbench reference). Prints who
//   placed it and what it was: user id, e-mail, phone, client address, order id and number,
//   product ids.
// - loop SECONDS WARMUP WORKERS: a closed loop, the same order over and over, as pgbench runs the
//   captured one: WORKERS at once, each placing its next order when the last is answered, for
//   WARMUP then SECONDS seconds; the customers after the first, three orders each. Prints orders
//   per second and latency percentiles of the placements answered within the SECONDS.
//
// usage: node bench/checkout.mjs <base-url> <customers-json> [burst | capture … | loop …]
//   customers-json: [{"email", "password", "phone", "items": [{"productId", "color", "size", "quantity"}]}]
//   Each customer has a phone of their own: a phone holds 3 orders awaiting payment at most.

import { readFileSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const [base, customersFile, mode = 'burst', ...args] = process.argv.slice(2);
const customers = JSON.parse(readFileSync(customersFile, 'utf8'));
// Orders awaiting payment an account and a phone may hold (MAX_OPEN_UNPAID_ORDERS): in the
// loops, each customer places that many, their cart filled for all of them beforehand.
const ORDERS_PER_CUSTOMER = 3;
// Logins hash passwords (argon2id): a few at a time, like real traffic, not 200 at once.
const SETUP_CONCURRENCY = 4;

// Each customer is a shopper of their own, at an address of their own, told by the proxy the
// server trusts (bench.sh starts it with TRUSTED_PROXIES=127.0.0.1): from one address, the
// per-address limit on orders would refuse most of them.
const address = (n) => `10.1.${Math.floor(n / 256)}.${n % 256}`;

// The API, called by the shopper at `client`.
function asShopperAt(client) {
  return async (method, path, token, body) => {
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': client };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(base + path, { method, headers, body: body && JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}

async function inBatches(items, size, work) {
  const results = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => work(item, i + j)))));
  }
  return results;
}

// Logs the customer in and fills their cart: `orders` times each of their lines.
async function prepare(customer, n, orders = 1) {
  const client = address(n);
  const call = asShopperAt(client);
  const login = await call('POST', '/api/auth/login', null, { email: customer.email, password: customer.password });
  if (login.status !== 200) throw new Error(`login ${customer.email}: ${login.status}`);
  const { token, user } = login.body.data;
  await call('DELETE', '/api/cart/clear', token);
  for (const item of customer.items) {
    const added = await call('POST', '/api/cart/add', token, { ...item, quantity: item.quantity * orders });
    if (added.status !== 200) throw new Error(`cart ${customer.email}: ${added.status} ${JSON.stringify(added.body)}`);
  }
  return { ...customer, token, client, userId: user.id };
}

// One cash-on-delivery order of `items`, timed from its request to its answer.
async function order(customer, items) {
  const call = asShopperAt(customer.client);
  const started = performance.now();
  const placed = await call('POST', '/api/orders', customer.token, {
    items,
    shippingInfo: {
      firstName: 'Client', lastName: 'Bench', email: customer.email, phone: customer.phone,
      address: 'Rue 10', commune: 'medina', landmark: 'En face du marché Tilène',
    },
    shippingMethod: 'standard',
    paymentMethod: 'cash_on_delivery',
  });
  const ended = performance.now();
  return { status: placed.status, code: placed.body?.code, body: placed.body, ms: ended - started, ended };
}

// The burst's order: what the customer's cart holds.
async function place(customer) {
  const cart = await asShopperAt(customer.client)('GET', '/api/cart', customer.token);
  const items = cart.body.data.items.map(({ productId, color, size, quantity }) => ({ productId, color, size, quantity }));
  const { status, code, ms } = await order(customer, items);
  return { status, code, ms };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// The order lines: each of the customer's cart lines once.
const lines = (customer) => customer.items.map(({ productId, color, size, quantity }) => ({ productId, color, size, quantity }));

const failuresOf = (results) => [...new Set(results.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.code}`))];

function latencyFigures(results) {
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  if (!latencies.length) return { p50: null, p99: null, max: null };
  return {
    p50: Number(percentile(latencies, 50).toFixed(1)),
    p99: Number(percentile(latencies, 99).toFixed(1)),
    max: Number(latencies[latencies.length - 1].toFixed(1)),
  };
}

async function burst() {
  const ready = await inBatches(customers, SETUP_CONCURRENCY, prepare);
  const started = performance.now();
  const results = await Promise.all(ready.map(place));
  const seconds = (performance.now() - started) / 1000;
  const placed = results.filter((r) => r.status === 201).length;
  const outOfStock = results.filter((r) => r.code === 'insufficient_stock').length;
  const failures = results.filter((r) => r.status !== 201 && r.code !== 'insufficient_stock');
  console.log(JSON.stringify({
    customers: results.length,
    placed,
    outOfStock,
    failed: failures.length,
    failures: failuresOf(failures),
    seconds: Number(seconds.toFixed(3)),
    ordersPerSecond: Number((placed / seconds).toFixed(1)),
    ...latencyFigures(results),
  }));
}

async function capture([logFile]) {
  const customer = await prepare(customers[0], 0, ORDERS_PER_CUSTOMER);
  // The first order fills the server's statement caches; the second is the one kept.
  const first = await order(customer, lines(customer));
  if (first.status !== 201) throw new Error(`first order: ${first.status} ${JSON.stringify(first.body)}`);
  await sleep(300);
  const offset = statSync(logFile).size;
  const kept = await order(customer, lines(customer));
  if (kept.status !== 201) throw new Error(`kept order: ${kept.status} ${JSON.stringify(kept.body)}`);
  await sleep(500);
  const { id, orderNumber } = kept.body.data;
  console.log(JSON.stringify({
    offset, userId: customer.userId, email: customer.email, phone: customer.phone, client: customer.client,
    orderId: id, orderNumber, productIds: customer.items.map((item) => item.productId),
  }));
}

// Places the customers' orders one after the other until `until` (performance.now()) or until
// no customer is left; every answer lands in `results`.
async function worker(queue, until, results) {
  while (performance.now() < until && queue.length) {
    const customer = queue.shift();
    for (let n = 0; n < ORDERS_PER_CUSTOMER && performance.now() < until; n++) {
      results.push(await order(customer, lines(customer)));
    }
  }
}

async function loop([secondsArg, warmupArg, workersArg]) {
  const [seconds, warmup, workers] = [Number(secondsArg), Number(warmupArg), Number(workersArg)];
  // The first customer is the capture's, in the same database.
  const pool = customers.slice(1);
  const queue = await inBatches(pool, SETUP_CONCURRENCY, (customer, n) => prepare(customer, n + 1, ORDERS_PER_CUSTOMER));
  const results = [];
  const measuredFrom = performance.now() + warmup * 1000;
  const until = measuredFrom + seconds * 1000;
  await Promise.all(Array.from({ length: workers }, () => worker(queue, until, results)));
  // With the customers used up before the end, the rate is over the time they lasted.
  const end = Math.min(until, Math.max(measuredFrom, ...results.map((r) => r.ended)));
  const measured = results.filter((r) => r.ended >= measuredFrom && r.ended <= until);
  const placed = measured.filter((r) => r.status === 201).length;
  const span = (end - measuredFrom) / 1000;
  console.log(JSON.stringify({
    workers,
    customers: pool.length,
    customersLeft: queue.length,
    exhausted: queue.length === 0 && end < until - 1,
    placed,
    failed: measured.length - placed,
    failures: failuresOf(measured),
    warmupOrders: results.filter((r) => r.ended < measuredFrom).length,
    seconds: Number(span.toFixed(3)),
    ordersPerSecond: span > 0 ? Number((placed / span).toFixed(1)) : 0,
    ...latencyFigures(measured),
  }));
}

const modes = { burst, capture, loop };
if (!modes[mode]) throw new Error(`unknown mode ${mode}: burst, capture or loop`);
await modes[mode](args);
