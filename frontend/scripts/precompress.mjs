#!/usr/bin/env node
// Writes `name.br` and `name.gz` beside each text file of dist/assets, at the
// highest levels: the server (crates/api/src/frontend.rs) answers them to
// browsers that accept them, so nothing is compressed per request. A copy that
// would not be smaller is not written (the server then sends the file itself).
import { readdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, gzipSync, constants } from 'node:zlib'

const assets = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'assets')
const TEXT = /\.(js|mjs|css|svg|json|html|txt|map)$/

const encoders = {
  br: (bytes) =>
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gz: (bytes) => gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }),
}

let files = 0
let raw = 0
let br = 0
for (const name of readdirSync(assets)) {
  if (!TEXT.test(name)) continue
  const bytes = readFileSync(join(assets, name))
  files += 1
  raw += bytes.length
  for (const [ext, encode] of Object.entries(encoders)) {
    const target = join(assets, `${name}.${ext}`)
    const packed = encode(bytes)
    if (packed.length < bytes.length) {
      writeFileSync(target, packed)
      if (ext === 'br') br += packed.length
    } else {
      rmSync(target, { force: true })
      if (ext === 'br') br += bytes.length
    }
  }
}
console.log(`precompressed ${files} files in dist/assets: ${(raw / 1024).toFixed(1)} KB → ${(br / 1024).toFixed(1)} KB br`)
