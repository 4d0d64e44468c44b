// The pgbench reference of checkout (`just bench`): the statements one cash-on-delivery order
// sent (captured by `bench/checkout.mjs capture`), made repeatable and fair to run from many
// pgbench clients at once, as the app's closed loop (`bench/checkout.mjs loop`) places orders:
// - each client orders for customers of its own, three orders each (the cap on orders awaiting
//   payment), the next customer after that: their account, phone, e-mail and address replace the
//   captured customer's wherever a bound value holds them, so that advisory locks, rate-limit
//   rows and open-order counts are as many and as small as the app's;
// - each client orders the two scarce variants the app's customers of the same rank order
//   (scripts/rush/customers.sql), locked in the same order;
// - the order number is new every time (a CHECK keeps the app's form), the order id is the one
//   the INSERT returns.
// The customers are scripts/rush/reference.sql's: customer m is user 00000000-0000-4000-8000-m
// (12 digits), refsql-m@bitik.sn, phone +22176 + m (7 digits), client address 10.2.(m / 256).(m % 256).
// Statements stay as the app prepares them, every bound value a pgbench variable (PREFIX.vars).
//
// usage: node bench/checkout-sql.mjs <log-file> <database> <captured-json> <clients> <customers-per-client> PREFIX
//   writes PREFIX.sql and PREFIX.vars (`-Dname=value` lines, for `pgbench -M prepared`).

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loggedStatements, oneLine, unquote } from './sql-from-log.mjs';

const [logFile, database, capturedFile, clients, perClient, prefix] = process.argv.slice(2);
const captured = JSON.parse(readFileSync(capturedFile, 'utf8'));

const HEADER = [
  // Once per client: its variants, in the order every checkout locks them (by product id), and
  // where its order numbers start: past those in the database, a multiple of the clients, so
  // that client k's numbers are those ≡ k modulo the clients and no two clients share one.
  '\\if :n = 0',
  '\\set ka :client_id % 4',
  '\\set kb (:client_id + 1) % 4',
  'SELECT least(a.product_id, b.product_id) AS pa, greatest(a.product_id, b.product_id) AS pb, ' +
    '(SELECT (coalesce(substr(max(order_number), 5)::bigint, 0) / :clients + 1) * :clients FROM orders) AS base ' +
    'FROM rush_limited a, rush_limited b WHERE a.k = :ka AND b.k = :kb \\gset',
  '\\endif',
  '\\set n :n + 1',
  // Order numbers are ORD- and 10 digits (a CHECK).
  '\\set num (:base + :n * :clients + :client_id) % 10000000000',
  // Three orders per customer, then the client's next one (around again past the last).
  '\\set m 1 + :client_id + :clients * (((:n - 1) / 3) % :per_client)',
  '\\set ip_hi :m / 256',
  '\\set ip_lo :m % 256',
];

// The captured order's own values, and what stands for them in each transaction.
function tokens() {
  const [low, high] = [...captured.productIds].sort();
  return [
    [captured.userId, "'00000000-0000-4000-8000-' || lpad(:m, 12, '0')"],
    [captured.phone, "'+22176' || lpad(:m, 7, '0')"],
    [captured.email, "'refsql-' || :m || '@bitik.sn'"],
    [captured.client, "'10.2.' || :ip_hi || '.' || :ip_lo"],
    [captured.orderNumber, "'ORD-' || lpad(:num, 10, '0')"],
    [captured.orderId, ':o_id'],
    [low, ':pa'],
    [high, ':pb'],
  ].sort((a, b) => b[0].length - a[0].length);
}

// The value cut around the tokens it holds: ['text', …] or [{ expr }, …].
function pieces(value, known) {
  const out = [];
  let rest = value;
  while (rest) {
    const hits = known.map(([text, expr]) => ({ at: rest.indexOf(text), text, expr })).filter((h) => h.at >= 0);
    if (!hits.length) break;
    const first = hits.reduce((a, b) => (b.at < a.at ? b : a));
    if (first.at > 0) out.push(rest.slice(0, first.at));
    out.push({ expr: first.expr });
    rest = rest.slice(first.at + first.text.length);
  }
  if (rest) out.push(rest);
  return out;
}

// What the request sent, up to the commit of its order: what that commit wakes (the outbox
// sending the order's messages) is not the request's.
function requestStatements() {
  const all = loggedStatements(logFile, captured.offset, database);
  const insert = all.findIndex((s) => /^\s*INSERT INTO "orders"/.test(s.sql));
  if (insert < 0) throw new Error('no INSERT INTO "orders" after the captured offset');
  const commit = all.findIndex((s, i) => i > insert && s.pid === all[insert].pid && /^\s*COMMIT\b/i.test(s.sql));
  if (commit < 0) throw new Error("the order's COMMIT is not in the log");
  const kept = all.slice(0, commit + 1);
  const pids = new Set(kept.map((s) => s.pid));
  if (pids.size > 1) console.error(`checkout-sql: statements from ${pids.size} connections kept (${[...pids]})`);
  return { statements: kept, insert };
}

// The types PostgreSQL gives each parameter of these statements: [statement][n - 1].
function parameterTypes(statements) {
  const wanted = statements.map((s, i) => [s, i]).filter(([s]) => s.parameters.size);
  const input = wanted.map(([s, i]) => `PREPARE t${i} AS ${s.sql.trim().replace(/;+$/, '')};`).join('\n') +
    "\nSELECT substr(name, 2), u.i, u.t FROM pg_prepared_statements, unnest(parameter_types::text[]) WITH ORDINALITY AS u(t, i);\n";
  const out = execFileSync('psql', ['-X', '-q', '-At', '-v', 'ON_ERROR_STOP=1', '-d', database], { input, encoding: 'utf8' });
  const types = statements.map(() => []);
  for (const line of out.trim().split('\n').filter(Boolean)) {
    const [i, n, type] = line.split('|');
    types[Number(i)][Number(n) - 1] = type;
  }
  return types;
}

function main() {
  const { statements, insert } = requestStatements();
  const types = parameterTypes(statements);
  const known = tokens();
  const variables = new Map([['n', '0'], ['clients', clients], ['per_client', perClient]]);
  // pgbench reads a script line by line and `-D` values one a line here: a new line in a value
  // (the messages' text) becomes a space, as long.
  const bind = (name, value) => (variables.set(name, value.replace(/[\r\n]/g, ' ')), `:${name}`);
  const script = statements.map(({ sql, parameters }, i) => {
    const text = sql.replace(/\$(\d+)/g, (whole, n) => {
      const value = parameters.get(n);
      // pgbench has no NULL variable, nor an empty one: those stay literals.
      if (value === undefined || value === 'NULL' || value === "''") return value ?? whole;
      const parts = pieces(unquote(value), known);
      if (parts.every((p) => typeof p === 'string')) return bind(`s${i + 1}p${n}`, unquote(value));
      const expr = parts.map((p, j) => (typeof p === 'string' ? bind(`s${i + 1}p${n}_${j}`, p) : p.expr)).join(' || ');
      return `CAST((${expr}) AS ${types[i][n - 1]})`;
    });
    const line = oneLine(text);
    return i === insert ? line.replace(/;$/, ' \\gset o_') : line;
  });
  if (!/RETURNING "orders"\."id" \\gset o_$/.test(script[insert])) throw new Error('the order INSERT does not return its id');
  writeFileSync(`${prefix}.sql`, [...HEADER, ...script].join('\n') + '\n');
  writeFileSync(`${prefix}.vars`, [...variables].map(([name, value]) => `-D${name}=${value}\n`).join(''));
}

main();
