// Turns what PostgreSQL logged for one request (log_statement = 'all') into a pgbench script:
// every statement the application sent to the bench database, in order, with its parameters
// written in as the literals PostgreSQL logged, so pgbench runs exactly the same SQL.
//
// usage: node bench/sql-from-log.mjs <log-file> <byte-offset> <database>  > script.sql

import { openSync, readSync, fstatSync } from 'node:fs';

const [logFile, offsetArg, database] = process.argv.slice(2);
const fd = openSync(logFile, 'r');
const offset = Number(offsetArg);
const length = fstatSync(fd).size - offset;
const buffer = Buffer.alloc(Math.max(0, length));
readSync(fd, buffer, 0, buffer.length, offset);

// Debian's default prefix is '%m [%p] %q%u@%d '; a line without a prefix continues the last one.
const PREFIX = /^\S+ \S+ \S+ \[(\d+)\] (?:\S+@(\S+) )?(LOG|DETAIL|ERROR|STATEMENT|WARNING):\s+(.*)$/;
const entries = [];
for (const line of buffer.toString('utf8').split('\n')) {
  const match = PREFIX.exec(line);
  if (match) {
    const [, pid, db, kind, text] = match;
    entries.push({ pid, db, kind, text });
  } else if (entries.length && line.trim()) {
    entries[entries.length - 1].text += '\n' + line;
  }
}

const statements = [];
for (const [i, entry] of entries.entries()) {
  if (entry.db !== database || entry.kind !== 'LOG') continue;
  const sent = /^(?:execute [^:]+|statement): ([\s\S]*)$/.exec(entry.text);
  if (!sent || /^(SET|SHOW|DISCARD|DEALLOCATE)\b/i.test(sent[1].trim())) continue;
  const detail = entries.slice(i + 1).find((next) => next.pid === entry.pid);
  const parameters = new Map();
  if (detail?.kind === 'DETAIL' && detail.text.startsWith('parameters:')) {
    for (const [, n, value] of detail.text.matchAll(/\$(\d+) = (NULL|'(?:[^']|'')*')/g)) parameters.set(n, value);
  }
  const sql = sent[1].replace(/\$(\d+)/g, (whole, n) => parameters.get(n) ?? whole);
  statements.push(sql.replace(/\s*\n\s*/g, ' ').trim().replace(/;+$/, '') + ';');
}
process.stdout.write(statements.join('\n') + '\n');
