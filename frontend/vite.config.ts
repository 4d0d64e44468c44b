/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs'
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, minifySync, type Plugin } from 'vite'

// Backend used by `npm run dev`; override with API_URL=http://host:port.
const apiTarget = process.env.API_URL ?? 'http://localhost:8080'

/**
 * The built index.html names its scripts without fetching them (links without `rel`, the entry in
 * the boot script's `data-entry`) and ends with the boot, src/app/after-first-paint.js, which
 * fetches them once the server-painted pictures are on screen. Vite's dev server keeps its plain
 * module script.
 */
function afterFirstPaint(): Plugin {
  const source = fileURLToPath(new URL('./src/app/after-first-paint.js', import.meta.url))
  return {
    name: 'bitik-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html)
        if (!entry) throw new Error('after-first-paint: no module script in index.html')
        const boot = minifySync('after-first-paint.js', readFileSync(source, 'utf8')).code.trim()
        return html
          .replace(entry[0], '')
          .replaceAll('<link rel="modulepreload"', '<link data-after-paint="modulepreload"')
          .replace('</body>', `<script id="after-first-paint" data-entry="${entry[1]}">${boot}</script>\n  </body>`)
      },
    },
  }
}

export default defineConfig({
  plugins: [react(), afterFirstPaint()],
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
    // The manifest lets scripts/check-size.mjs follow each route's chunks.
    manifest: true,
    target: 'es2020',
    // Few files rather than many: on a phone's line each file costs a round trip, and over HTTP/1.1
    // only six are asked for at once. What the entry imports is one file with it; the storefront's
    // modules shared by several routes are grouped by the routes that use them, groups under 4 KB
    // merged into their nearest neighbour: a few hundred bytes more on a route, and the product page
    // takes 4 scripts instead of 10. A larger threshold drags sign-in forms into /checkout (+8 KB).
    // The admin area's modules stay in its own chunks.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            {
              name: 'shop',
              test: /[\\/]src[\\/](?!app[\\/]routes[\\/]admin|features[\\/]admin)/,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 4000,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // jsdom renders slowly on a loaded 2-core machine; nothing here measures speed, so a generous
    // limit only guards against a test that hangs.
    testTimeout: 20_000,
  },
})
