// React escapes what it renders; the only ways to run text as HTML are the raw sinks. None may be
// used anywhere in the storefront or the back office, so user-typed text can only ever be text.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = join(__dirname)
const SINKS = /dangerouslySetInnerHTML|\.innerHTML\b|\.outerHTML\b|insertAdjacentHTML|document\.write|createContextualFragment|new Function\(|\beval\(/

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return files(path)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('HTML sinks', () => {
  it('the source uses none', () => {
    const found = files(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (SINKS.test(line) ? [`${relative(SRC, file)}:${index + 1}: ${line.trim()}`] : [])),
    )
    expect(found).toEqual([])
  })

  it('the pattern does catch a sink', () => {
    expect(SINKS.test('<div dangerouslySetInnerHTML={{ __html: text }} />')).toBe(true)
    expect(SINKS.test('element.innerHTML = text')).toBe(true)
  })
})
