// Checkout under load (`just bench`): pre-registered customers log in, fill their server carts
// through the API, then all place a cash-on-delivery order at the same moment, on variants with
// too little stock for everyone. Prints one JSON line: orders placed, refused for stock, other
// failures, orders per second and latency percentiles of the placement requests.
//
// usage: node bench/checkout.mjs <base-url> <customers-json>
//   customers-json: [{"email", "password", "phone", "items": [{"productId", "color", "size", "quantity"}]}]
//   Each customer has a phone of their own: a phone holds 3 orders awaiting payment at most.

import { readFileSync } from 'node:fs';

const [base, customersFile] = process.argv.slice(2);
const customers = JSON.parse(readFileSync(customersFile, 'utf8'));
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

async function prepare(customer, n) {
  const client = address(n);
  const call = asShopperAt(client);
  const login = await call('POST', '/api/auth/login', null, { email: customer.email, password: customer.password });
  if (login.status !== 200) throw new Error(`login ${customer.email}: ${login.status}`);
  const token = login.body.data.token;
  await call('DELETE', '/api/cart/clear', token);
  for (const item of customer.items) {
    const added = await call('POST', '/api/cart/add', token, item);
    if (added.status !== 200) throw new Error(`cart ${customer.email}: ${added.status} ${JSON.stringify(added.body)}`);
  }
  return { ...customer, token, client };
}

async function place(customer) {
  const call = asShopperAt(customer.client);
  const cart = await call('GET', '/api/cart', customer.token);
  const items = cart.body.data.items.map(({ productId, color, size, quantity }) => ({ productId, color, size, quantity }));
  const started = performance.now();
  const order = await call('POST', '/api/orders', customer.token, {
    items,
    shippingInfo: {
      firstName: 'Client', lastName: 'Bench', email: customer.email, phone: customer.phone,
      address: 'Rue 10', commune: 'medina', landmark: 'En face du marché Tilène',
    },
    shippingMethod: 'standard',
    paymentMethod: 'cash_on_delivery',
  });
  return { status: order.status, code: order.body?.code, ms: performance.now() - started };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ready = await inBatches(customers, SETUP_CONCURRENCY, prepare);
const started = performance.now();
const results = await Promise.all(ready.map(place));
const seconds = (performance.now() - started) / 1000;
const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
const placed = results.filter((r) => r.status === 201).length;
const outOfStock = results.filter((r) => r.code === 'insufficient_stock').length;
const failures = results.filter((r) => r.status !== 201 && r.code !== 'insufficient_stock');
console.log(JSON.stringify({
  customers: results.length,
  placed,
  outOfStock,
  failed: failures.length,
  failures: [...new Set(failures.map((r) => `${r.status} ${r.code}`))],
  seconds: Number(seconds.toFixed(3)),
  ordersPerSecond: Number((placed / seconds).toFixed(1)),
  p50: Number(percentile(latencies, 50).toFixed(1)),
  p99: Number(percentile(latencies, 99).toFixed(1)),
  max: Number(latencies[latencies.length - 1].toFixed(1)),
}));
