/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, minifySync, normalizePath, type Plugin } from 'vite'
import { FIRST_PAINT } from './src/config/first-paint.ts'

// Backend used by `npm run dev`; override with API_URL=http://host:port.
const apiTarget = process.env.API_URL ?? 'http://localhost:8080'

/**
 * The built index.html ends with src/app/painted-taps.js inlined: it keeps a tap on the painted
 * header's controls until React replays it. Vite's dev server paints nothing and keeps none.
 */
function paintedTaps(): Plugin {
  const source = fileURLToPath(new URL('./src/app/painted-taps.js', import.meta.url))
  return {
    name: 'bitik-painted-taps',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const script = minifySync('painted-taps.js', readFileSync(source, 'utf8')).code.trim()
        return html.replace('</body>', `<script>${script}</script>\n  </body>`)
      },
    },
  }
}

/**
 * Writes src/config/first-paint.ts's `FIRST_PAINT` beside Vite's manifest
 * (dist/.vite/first-paint.json): the server reads both at start to paint a page's first view as
 * React will render it. A route module it names that is no lazy route chunk of this build fails
 * the build: the server would otherwise silently name no chunk for that page.
 */
function firstPaintContract(): Plugin {
  let root = ''
  return {
    name: 'bitik-first-paint-contract',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    generateBundle(_options, bundle) {
      const lazyRoutes = new Set(
        Object.values(bundle).flatMap((chunk) =>
          chunk.type === 'chunk' && chunk.isDynamicEntry && chunk.facadeModuleId ? [normalizePath(relative(root, chunk.facadeModuleId))] : [],
        ),
      )
      const missing = Object.values(FIRST_PAINT.routes).filter((route) => !lazyRoutes.has(route))
      if (missing.length > 0) this.error(`first-paint: no lazy route chunk for ${missing.join(', ')} (src/config/first-paint.ts)`)
      this.emitFile({ type: 'asset', fileName: '.vite/first-paint.json', source: `${JSON.stringify(FIRST_PAINT, null, 2)}\n` })
    },
  }
}

/**
 * Vite's dev server writes the shop into index.html as the server does into every page it serves
 * (`<script type="application/json" id="shop">`, read by src/lib/shop.ts): GET /api/shop from the
 * API it proxies, asked for each page load. The build writes no shop: the server does.
 */
function shopFromServer(): Plugin {
  return {
    name: 'bitik-shop-from-server',
    apply: 'serve',
    async transformIndexHtml() {
      try {
        const response = await fetch(`${apiTarget}/api/shop`)
        if (!response.ok) throw new Error(`GET /api/shop answered ${response.status}`)
        const { data } = (await response.json()) as { data: unknown }
        const json = JSON.stringify(data).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e')
        return [{ tag: 'script', attrs: { type: 'application/json', id: 'shop' }, children: json, injectTo: 'head' }]
      } catch (error) {
        console.warn(`The shop's identity comes from the API at ${apiTarget} (API_URL): ${String(error)}`)
        return []
      }
    },
  }
}

/** The route modules of the pages the server paints (src/config/first-paint.ts), as file paths. */
const PAINTED = new Set(Object.values(FIRST_PAINT.routes).map((route) => fileURLToPath(new URL(`./${route}`, import.meta.url))))

interface ModuleGraph {
  getModuleInfo(id: string): { importers: string[]; dynamicImporters: string[] } | null
}

/**
 * The chunk of a module of src/ shared by a painted page and another page: 'storefront' when only
 * painted pages use it, 'common' when others do too (the money formatter, the API client's
 * helpers…); the other modules are left to the next group. A painted page then needs its own
 * chunk and these two beside the entry, whatever it imports. A module's pages are the lazy chunks
 * its importers lead back to; what a 'common' module imports is used by the same pages and more,
 * so it is 'common' too, never 'storefront': neither chunk imports the other's.
 */
function paintedShared(id: string, graph: ModuleGraph) {
  if (!/[\\/]src[\\/]/.test(id) || PAINTED.has(id)) return null
  const seen = new Set<string>()
  const pages = new Set<string>()
  const stack = [id]
  while (stack.length > 0) {
    const current = stack.pop()!
    if (seen.has(current)) continue
    seen.add(current)
    const info = graph.getModuleInfo(current)
    if (!info) return null
    if (info.dynamicImporters.length > 0 || info.importers.length === 0) pages.add(current)
    else stack.push(...info.importers)
  }
  const painted = [...pages].filter((page) => PAINTED.has(page)).length
  if (pages.size < 2 || painted === 0) return null
  return painted === pages.size ? 'storefront' : 'common'
}

export default defineConfig({
  plugins: [react(), paintedTaps(), firstPaintContract(), shopFromServer()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    // The manifest lets the server (crates/pages) and scripts/check-size.mjs follow each route's chunks.
    manifest: true,
    target: 'es2020',
    // Few files rather than many: on a phone's line each file costs a round trip, and over HTTP/1.1
    // only six are asked for at once. What the entry imports is one file with it. The pages the
    // server paints, the ones a shopper lands on, take two more shared files (`paintedShared`):
    // three scripts in all beside the entry (docs/benchmarks.md, "A phone on a slow line"). The
    // other shared modules are grouped by the routes that use them, groups under 3 KB merged into
    // their nearest neighbour: a larger threshold drags sign-in forms into /checkout (Weight). The
    // admin area's modules stay in its own chunks.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 3 },
            // Only the modules it names: their imports are named on their own (`paintedShared`).
            { name: paintedShared, includeDependenciesRecursively: false, priority: 2 },
            {
              name: 'shop',
              test: /[\\/]src[\\/](?!app[\\/]routes[\\/]admin|features[\\/]admin)/,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 3000,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/page-shop.ts', './src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // jsdom renders slowly on a loaded 2-core machine; nothing here measures speed, so a generous
    // limit only guards against a test that hangs.
    testTimeout: 20_000,
  },
})
