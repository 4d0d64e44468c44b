// The storefront's first views both benchmarks load: `/`, `/products` and one product page of
// the server at BITIK_BENCH_URL.
export const base = (process.env.BITIK_BENCH_URL ?? '').replace(/\/$/, '')
if (!base) {
  console.error('BITIK_BENCH_URL is not set (e.g. http://127.0.0.1:8080).')
  process.exit(2)
}

/** The address of the catalogue's first product. */
export async function productPath() {
  const response = await fetch(`${base}/api/products?limit=1`)
  if (!response.ok) throw new Error(`GET /api/products answered ${response.status}`)
  const slug = (await response.json()).data?.[0]?.slug
  if (!slug) throw new Error('The catalogue is empty: seed the database first.')
  return `/product/${slug}`
}
