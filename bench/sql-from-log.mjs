// Turns what PostgreSQL logged for one request (log_statement = 'all') into pgbench scripts:
// every statement the application sent to the bench database, in order.
// - On standard output, its parameters written in as the literals PostgreSQL logged.
// - With a fourth argument PREFIX, also PREFIX.sql with the parameters left as parameters
//   (pgbench variables, sent as binds by `-M prepared`) and PREFIX.vars with their values, one
//   `-Dname=value` per line: the statement exactly as the application prepares it, which
//   PostgreSQL plans like the application's (a custom plan per execution when the values matter)
//   rather than once for constants.
//
// usage: node bench/sql-from-log.mjs <log-file> <byte-offset> <database> [PREFIX]  > script.sql

import { openSync, readSync, fstatSync, writeFileSync } from 'node:fs';

const [logFile, offsetArg, database, bindsPrefix] = process.argv.slice(2);
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
const withBinds = [];
const variables = [];
for (const [i, entry] of entries.entries()) {
  if (entry.db !== database || entry.kind !== 'LOG') continue;
  const sent = /^(?:execute [^:]+|statement): ([\s\S]*)$/.exec(entry.text);
  if (!sent || /^(SET|SHOW|DISCARD|DEALLOCATE)\b/i.test(sent[1].trim())) continue;
  const detail = entries.slice(i + 1).find((next) => next.pid === entry.pid);
  const parameters = new Map();
  if (detail?.kind === 'DETAIL' && detail.text.startsWith('parameters:')) {
    for (const [, n, value] of detail.text.matchAll(/\$(\d+) = (NULL|'(?:[^']|'')*')/g)) parameters.set(n, value);
  }
  const oneLine = (sql) => sql.replace(/\s*\n\s*/g, ' ').trim().replace(/;+$/, '') + ';';
  statements.push(oneLine(sent[1].replace(/\$(\d+)/g, (whole, n) => parameters.get(n) ?? whole)));
  const statement = withBinds.length + 1;
  withBinds.push(
    oneLine(
      sent[1].replace(/\$(\d+)/g, (whole, n) => {
        const value = parameters.get(n);
        // pgbench has no NULL variable: a NULL stays a literal.
        if (value === undefined || value === 'NULL') return value ?? whole;
        const name = `s${statement}p${n}`;
        variables.push(`-D${name}=${value.slice(1, -1).replaceAll("''", "'")}`);
        return `:${name}`;
      }),
    ),
  );
}
process.stdout.write(statements.join('\n') + '\n');
if (bindsPrefix) {
  writeFileSync(`${bindsPrefix}.sql`, withBinds.join('\n') + '\n');
  writeFileSync(`${bindsPrefix}.vars`, variables.map((v) => v + '\n').join(''));
}
