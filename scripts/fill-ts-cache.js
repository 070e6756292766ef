'use strict';
/**
 * `npm run prepare` (run by `npm ci`): compiles the repository's TypeScript into scripts/register.js's
 * cache, so that even the first run after an install loads no compiler. Never fails the install: a
 * file that does not compile is reported and left to fail where it is used.
 */
const fs = require('node:fs');
const path = require('node:path');
const { compiled, CACHE } = require('./register.js');

const ROOT = path.resolve(__dirname, '..');
// What tsconfig.json includes, as folders (an entry such as "x/**/*.ts" is the folder x).
const DIRS = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')).include.map((entry) => entry.split('/*')[0]);

function* typescriptFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* typescriptFiles(full);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
      yield full;
    }
  }
}

if (CACHE === undefined) {
  console.log('fill-ts-cache: FW_TS_CACHE=off, nothing to fill');
} else {
  const started = Date.now();
  let count = 0;
  let failed = 0;
  for (const dir of DIRS) {
    if (!fs.existsSync(path.join(ROOT, dir))) continue;
    for (const file of typescriptFiles(path.join(ROOT, dir))) {
      try {
        compiled(fs.readFileSync(file, 'utf8'), file);
        count++;
      } catch (err) {
        failed++;
        console.error(`fill-ts-cache: ${path.relative(ROOT, file)}: ${err.message.split('\n')[0]}`);
      }
    }
  }
  console.log(`fill-ts-cache: ${count} TypeScript files in ${path.relative(ROOT, CACHE)} (${Date.now() - started} ms)${failed ? `, ${failed} did not compile` : ''}`);
}
