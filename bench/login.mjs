// Logins in a closed loop (`just bench`): WORKERS shoppers log in to the demo customer's account
// one after the other for SECONDS, after WARMUP seconds, each from an address of their own (the
// server trusts the bench's proxy header: TRUSTED_PROXIES=127.0.0.1). A login that succeeds
// gives back what it took of the shared limits, so the loop measures the login path itself:
// the limits' statements, the password hash, the token.
//
// Prints "per_second p50_ms p95_ms p99_ms errors", the format of bench.sh's oha summaries.
//
// usage: node bench/login.mjs <base-url> <seconds> <warmup-seconds> <workers>

const [base, secondsArg, warmupArg, workersArg] = process.argv.slice(2);
const body = JSON.stringify({ email: 'client@bitik.sn', password: 'bitik-client' });

async function login(worker) {
  const started = performance.now();
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.2.0.${worker + 1}` },
    body,
  });
  await response.arrayBuffer();
  return { status: response.status, ok: response.status === 200, ms: performance.now() - started };
}

// Each worker logs in until `until`; the answers it got then.
async function loop(worker, until) {
  const results = [];
  while (performance.now() < until) results.push(await login(worker));
  return results;
}

const workers = [...Array(Number(workersArg)).keys()];
await Promise.all(workers.map((w) => loop(w, performance.now() + Number(warmupArg) * 1000)));
const started = performance.now();
const results = (await Promise.all(workers.map((w) => loop(w, started + Number(secondsArg) * 1000)))).flat();
const elapsed = (performance.now() - started) / 1000;
const ms = results.filter((r) => r.ok).map((r) => r.ms).sort((a, b) => a - b);
const at = (p) => (ms.length ? ms[Math.min(ms.length - 1, Math.floor(p * ms.length))].toFixed(2) : '-');
const failed = results.filter((r) => !r.ok).map((r) => r.status);
// What the failures were, for the reader of the run's log (stdout is the summary bench.sh reads).
if (failed.length) console.error(`login: ${failed.length} answers not 200: ${[...new Set(failed)].join(', ')}`);
console.log(`${(ms.length / elapsed).toFixed(1)} ${at(0.5)} ${at(0.95)} ${at(0.99)} ${results.length - ms.length}`);
