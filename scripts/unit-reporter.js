'use strict';
/**
 * node --test reporter of `npm test`'s unit phase (scripts/test.ts): one line per test file as it
 * finishes — where the run is, the file, its counts and how long it took — with every failure in
 * full under it (the dot reporter printed only dots for minutes). A file's own events are those
 * whose name is the file: `test:dequeue` when it starts, `test:complete` when it is done.
 * FW_UNIT_FILES: how many files there are.
 */
const path = require('node:path');

module.exports = async function* unitReporter(source) {
  const total = process.env.FW_UNIT_FILES ?? '?';
  const root = process.cwd();
  const files = new Map();
  let done = 0;
  const entry = (file) => {
    let e = files.get(file);
    if (e === undefined) files.set(file, (e = { started: Date.now(), passed: 0, failed: 0, skipped: 0, failures: [], stderr: [] }));
    return e;
  };
  const line = (file, e, note = '') => {
    done += 1;
    const counts = `${e.passed} passed${e.failed ? `, ${e.failed} failed` : ''}${e.skipped ? `, ${e.skipped} skipped` : ''}`;
    files.delete(file);
    return `[${done}/${total}] ${e.failed || note ? '✖' : '✔'} ${path.relative(root, file)}: ${counts}${note} (${((Date.now() - e.started) / 1000).toFixed(1)} s)\n` +
      (e.failures.length > 0 ? `${e.failures.join('\n')}\n` : '');
  };
  for await (const { type, data } of source) {
    const file = data.file;
    if (file === undefined) continue;
    const isFile = data.nesting === 0 && data.name === file;
    if (type === 'test:dequeue' && isFile) entry(file).started = Date.now();
    else if (type === 'test:complete' && isFile) {
      const e = entry(file);
      // A file that fails outside its tests (it does not load, it exits early): what it wrote says why.
      if (data.details?.passed === false && e.failed === 0) e.failures.push(`    ✖ the file itself failed; its stderr:\n${e.stderr.join('').trimEnd().split('\n').map((l) => `      ${l}`).join('\n')}`);
      yield line(file, e, data.details?.passed === false && e.failed === 0 ? ' — the file itself failed' : '');
    }
    else if (type === 'test:stderr') entry(file).stderr.push(data.message);
    else if ((type === 'test:pass' || type === 'test:fail') && !isFile && data.details?.type !== 'suite') {
      // Leaves only: a suite's result repeats its tests'.
      const e = entry(file);
      if (type === 'test:fail') {
        e.failed += 1;
        e.failures.push(failure(data.name, data));
      } else if (data.skip !== undefined || data.todo !== undefined) e.skipped += 1;
      else e.passed += 1;
    }
  }
  for (const [file, e] of [...files]) if (e.passed + e.failed + e.skipped > 0) yield line(file, e, ' — did not finish');
};

function failure(name, data) {
  const err = data.details?.error;
  const cause = err?.cause ?? err;
  const text = String(cause?.stack ?? cause?.message ?? cause ?? 'failed');
  return `    ✖ ${name}\n${text.split('\n').map((l) => `      ${l}`).join('\n')}`;
}
