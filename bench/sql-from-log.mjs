// Turns what PostgreSQL logged for one request (log_statement = 'all') into pgbench scripts:
// every statement the application sent to the bench database, in order.
// - On standard output, its parameters written in as the literals PostgreSQL logged.
// - With a fourth argument PREFIX, also PREFIX.sql with the parameters left as parameters
//   (pgbench variables, sent as binds by `-M prepared`) and PREFIX.vars with their values, one
//   `-Dname=value` per line: the statement exactly as the application prepares it, which
//   PostgreSQL plans like the application's (a custom plan per execution when the values matter)
//   rather than once for constants.
// bench/checkout-sql.mjs reads the same log through `loggedStatements`.
//
// usage: node bench/sql-from-log.mjs <log-file> <byte-offset> <database> [PREFIX]  > script.sql

import { openSync, readSync, fstatSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// Debian's default prefix is '%m [%p] %q%u@%d '; a line without a prefix continues the last one.
const PREFIX = /^\S+ \S+ \S+ \[(\d+)\] (?:\S+@(\S+) )?(LOG|DETAIL|ERROR|STATEMENT|WARNING):\s+(.*)$/;

function logEntries(logFile, offset) {
  const fd = openSync(logFile, 'r');
  const buffer = Buffer.alloc(Math.max(0, fstatSync(fd).size - offset));
  readSync(fd, buffer, 0, buffer.length, offset);
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
  return entries;
}

// The statements sent to `database` after `offset`, in order: { pid, sql, parameters }, the SQL
// with its `$n` and a Map from n to the logged value (a quoted literal, or NULL).
export function loggedStatements(logFile, offset, database) {
  const entries = logEntries(logFile, Number(offset));
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
    statements.push({ pid: entry.pid, sql: sent[1], parameters });
  }
  return statements;
}

export const oneLine = (sql) => sql.replace(/\s*\n\s*/g, ' ').trim().replace(/;+$/, '') + ';';
// A logged literal's value: '' quotes undone.
export const unquote = (literal) => literal.slice(1, -1).replaceAll("''", "'");

function main([logFile, offset, database, bindsPrefix]) {
  const statements = loggedStatements(logFile, offset, database);
  const literals = statements.map(({ sql, parameters }) =>
    oneLine(sql.replace(/\$(\d+)/g, (whole, n) => parameters.get(n) ?? whole)),
  );
  process.stdout.write(literals.join('\n') + '\n');
  if (!bindsPrefix) return;
  const variables = [];
  const withBinds = statements.map(({ sql, parameters }, i) =>
    oneLine(
      sql.replace(/\$(\d+)/g, (whole, n) => {
        const value = parameters.get(n);
        // pgbench has no NULL variable, nor an empty one: those stay literals.
        if (value === undefined || value === 'NULL' || value === "''") return value ?? whole;
        const name = `s${i + 1}p${n}`;
        variables.push(`-D${name}=${unquote(value)}`);
        return `:${name}`;
      }),
    ),
  );
  writeFileSync(`${bindsPrefix}.sql`, withBinds.join('\n') + '\n');
  writeFileSync(`${bindsPrefix}.vars`, variables.map((v) => v + '\n').join(''));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
