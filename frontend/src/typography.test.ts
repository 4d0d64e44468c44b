// French typography, checked on every test run: in every text of the
// storefront and the back office (string literals, template parts, JSX text),
// « ! ? ; : » follow a no-break space and « » hold their words with one
// (lib/typography.ts). Texts that must stay as the server writes them are
// listed below, with why.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { NBSP, NNBSP, frenchSpacing } from './lib/typography'

const SRC = join(__dirname)

/** Files whose texts mirror the server's, spaces included. */
const AS_THE_SERVER_WRITES = new Set([
  // Page titles and descriptions: the server paints the same head before the script runs.
  'lib/seo.ts',
  'app/routes/category.tsx',
  'app/routes/products.tsx',
  'app/routes/login.tsx',
  // A message's state, as GET /api/admin/messages labels it in the same table.
  'features/admin/messages/api/messages.ts',
])

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : files(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const TEXT_KINDS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.JsxText,
])

/** A plain space before « ! ? ; : » ending a phrase, or inside « »: what the shop writes with a no-break one. */
const PLAIN_SPACE = / [!?;:](?=[\s'"`»)<{$]|$)|« | »/

function plainSpaces(file: string): string[] {
  const source = readFileSync(file, 'utf8')
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    const parent = node.parent
    const code = parent && (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isLiteralTypeNode(parent))
    if (TEXT_KINDS.has(node.kind) && !code) {
      const raw = source.slice(node.kind === ts.SyntaxKind.JsxText ? node.pos : node.getStart(sf), node.end)
      if (PLAIN_SPACE.test(raw)) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1
        found.push(`${relative(SRC, file)}:${line}: ${raw.trim().slice(0, 80)}`)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return found
}

describe('French typography', () => {
  it('every text writes a no-break space before « ! ? ; : » and inside « »', () => {
    const sources = files(SRC).filter((file) => !AS_THE_SERVER_WRITES.has(relative(SRC, file)))
    expect(sources.flatMap(plainSpaces)).toEqual([])
  })

  it('frenchSpacing: the narrow no-break space before « ! ? ; », the no-break one before « : » and inside « »', () => {
    expect(frenchSpacing('Merci ! Votre commande ? Oui ; non : « Payer »')).toBe(
      `Merci${NNBSP}! Votre commande${NNBSP}? Oui${NNBSP}; non${NBSP}: «${NBSP}Payer${NBSP}»`,
    )
    // An address, a time or a URL is left as it is.
    expect(frenchSpacing('https://bitik.sn/products?search=pull 10:30')).toBe('https://bitik.sn/products?search=pull 10:30')
  })
})
