// axe-core on every page the journeys visit: each time a page's address changes (a load or the
// router's own navigation), once the page has been still for a moment, axe checks it against
// WCAG 2.2 A and AA. Serious and critical violations are kept and fail the journey file when its
// shop stops. Reading the page only, it runs beside the journey's own steps.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const SETTLE_MS = 400
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

export function accessibilityWatch() {
  const violations = new Map() // `${path} ${rule}` → description
  const running = new Set()

  async function check(page, path) {
    if (page.isClosed() || new URL(page.url()).pathname !== path) return
    const found = await page.evaluate(
      async ({ source, tags }) => {
        if (!window.axe) new Function(source)()
        const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))
      },
      { source: AXE, tags: TAGS },
    )
    for (const v of found) violations.set(`${path} ${v.id}`, `${path}: ${v.id} (${v.help}) at ${v.targets.join(', ')}`)
  }

  function watch(page) {
    let timer
    const seen = new Set()
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return
      clearTimeout(timer)
      timer = setTimeout(() => {
        const path = new URL(page.url()).pathname
        if (seen.has(path) || !page.url().startsWith('http')) return
        seen.add(path)
        // A page closed or navigated away mid-check is checked at its next address instead.
        const run = check(page, path).catch(() => seen.delete(path)).finally(() => running.delete(run))
        running.add(run)
      }, SETTLE_MS)
    })
    page.on('close', () => clearTimeout(timer))
  }

  return {
    watch,
    /** Waits for checks under way, then fails with every violation found. */
    async verdict() {
      await Promise.allSettled([...running])
      if (violations.size > 0) {
        throw new Error(`axe-core found ${violations.size} serious or critical violation(s):\n${[...violations.values()].join('\n')}`)
      }
    },
  }
}
