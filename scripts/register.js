'use strict';
/**
 * `node -r ./scripts/register.js file.ts`: runs the repository's TypeScript the way
 * `node -r ts-node/register` does (ts-node, transpile only, CommonJS, tsconfig.json), and keeps what
 * ts-node produced for each file on disk, so that a process whose sources did not change never
 * loads the compiler. ts-node has no such cache, and every run of the suite starts several
 * processes (runner, reference adapter, cucumber workers) that would each compile the same
 * ~200 files again: about 1.5 s of CPU per process on the machines this suite is measured on.
 *
 * An entry is keyed by everything transpile-only output depends on: the file's path and text,
 * tsconfig.json, and the versions of ts-node and TypeScript. Entries are written atomically
 * (temporary file, then rename), so processes compiling at once never read half an entry.
 * `FW_TS_CACHE=off` compiles everything as ts-node alone would; `FW_TS_CACHE=<dir>` moves the cache.
 * `npm run prepare` (which `npm ci` runs) fills it.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PROJECT = path.join(ROOT, 'tsconfig.json');
const SETTING = process.env.FW_TS_CACHE;
const CACHE = SETTING === 'off' ? undefined : SETTING || path.join(ROOT, 'node_modules', '.cache', 'fw-conformance-ts');

/** Bump when the way entries are produced changes. */
const FORMAT = '1';

let service;
/** The ts-node service, created on the first file not in the cache. */
function tsNode() {
  service ??= require('ts-node').create({ transpileOnly: true, project: PROJECT });
  return service;
}

let salt;
function saltOf() {
  salt ??= [
    FORMAT,
    require('ts-node/package.json').version,
    require('typescript/package.json').version,
    fs.readFileSync(PROJECT, 'utf8'),
  ].join('\0');
  return salt;
}

/** Transpiled JavaScript for one file, with ts-node's inline source map. */
function compiled(source, filename) {
  if (CACHE === undefined || !cacheable(filename)) return tsNode().compile(source, filename);
  const key = crypto.createHash('sha256').update(saltOf()).update('\0').update(filename).update('\0').update(source).digest('hex');
  const entry = path.join(CACHE, key.slice(0, 2), `${key}.js`);
  try {
    return fs.readFileSync(entry, 'utf8');
  } catch {
    const code = tsNode().compile(source, filename);
    store(entry, code);
    return code;
  }
}

/**
 * Only the repository's own files: a file elsewhere (a self-test's scratch copy, a script in /tmp)
 * is compiled each time, so that throw-away copies never pile up in the cache.
 */
function cacheable(filename) {
  const relative = path.relative(ROOT, filename);
  return !relative.startsWith('..') && !path.isAbsolute(relative) && !relative.split(path.sep).includes('node_modules');
}

function store(entry, code) {
  const temporary = `${entry}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  try {
    fs.mkdirSync(path.dirname(entry), { recursive: true });
    fs.writeFileSync(temporary, code);
    fs.renameSync(temporary, entry);
  } catch {
    // A cache that cannot be written (read-only checkout, full disk) only costs time.
    fs.rmSync(temporary, { force: true });
  }
}

/** What each loaded file was compiled to: stack traces are mapped from it when they are printed. */
const outputs = new Map();

// Stack traces name TypeScript lines, as under ts-node, with the same library ts-node uses; it reads
// a source map only when a stack is formatted (Node's own --enable-source-maps parses every map at
// load time, about 150 ms for the runner).
require('@cspotcode/source-map-support').install({
  environment: 'node',
  retrieveFile: (file) => outputs.get(file) ?? '',
});
// Node reads the stack of every error a stream is destroyed with, and undici destroys each
// connection to a server that closes it (php -S closes them all) that way: mapping stacks that
// hold no TypeScript frame cost the runner about 6% of its CPU against such a server.
const mapped = Error.prepareStackTrace;
Error.prepareStackTrace = function prepareStackTrace(error, frames) {
  if (frames.some((frame) => frame.getFileName()?.endsWith('.ts'))) return mapped(error, frames);
  return [Error.prototype.toString.call(error), ...frames.map((frame) => `    at ${frame}`)].join('\n');
};

require.extensions['.ts'] = function loadTypeScript(module, filename) {
  const code = compiled(fs.readFileSync(filename, 'utf8'), filename);
  outputs.set(filename, code);
  module._compile(code, filename);
};

module.exports = { compiled, CACHE };
