// The bulletproof-react import rule, checked on every test run:
// shared (lib, config, components) → features → app, and no feature imports another.
// Also: no barrel files, and nothing ever reads ../shared.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = join(__dirname)

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return files(path)
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : []
  })
}

function imports(file: string): string[] {
  const source = readFileSync(file, 'utf8')
  return [...source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1]!)
}

/** The layer a src-relative path belongs to: 'app', 'features/x', 'shared' or 'testing'. */
function layer(path: string): string {
  const [top, second] = path.split('/')
  // main.tsx is the composition root, like app/.
  if (top === 'app' || top === 'main.tsx') return 'app'
  if (top === 'features') return `features/${second}`
  if (top === 'testing') return 'testing'
  return 'shared'
}

function resolveImport(fromFile: string, spec: string): string | null {
  if (spec.startsWith('@/')) return spec.slice(2)
  if (spec.startsWith('.')) return relative(SRC, join(fromFile, '..', spec))
  return null
}

const sources = files(SRC).filter((file) => !/\.test\.tsx?$/.test(file))

describe('architecture', () => {
  it('shared code imports no feature and no app code; features import no other feature and no app code', () => {
    const violations: string[] = []
    for (const file of sources) {
      const from = relative(SRC, file)
      const fromLayer = layer(from)
      if (fromLayer === 'app' || fromLayer === 'testing') continue
      for (const spec of imports(file)) {
        const target = resolveImport(file, spec)
        if (!target) continue
        const toLayer = layer(target)
        if (toLayer === 'shared' || toLayer === fromLayer) continue
        violations.push(`${from} → ${target}`)
      }
    }
    expect(violations).toEqual([])
  })

  it('has no barrel (index) files', () => {
    expect(sources.filter((file) => /\/index\.tsx?$/.test(file)).map((file) => relative(SRC, file))).toEqual([])
  })

  it('never reads the shared/ reference folder', () => {
    expect(sources.filter((file) => /\.\.\/shared|work\/shared/.test(readFileSync(file, 'utf8')))).toEqual([])
  })
})
