#!/usr/bin/env node
'use strict';
// The fw-conformance command. The installed package runs the JavaScript compiled into dist/
// (scripts/build.js, at npm pack); a clone of the repository runs its TypeScript sources through
// scripts/register.js, or dist/ when a build is there that is newer than every source file.
const fs = require('node:fs');
const path = require('node:path');
const v8 = require('node:v8');

// A run lasts seconds: its hot code runs thousands of times, not millions, and TurboFan's compiles
// (on V8's background threads, which share the cores with the target) mostly never paid back. A
// larger tier-up budget than V8's default (66 KiB of bytecode) optimizes only what proves hot. Set
// before anything else loads, so every function the run compiles counts against it. V8 versions
// that may no longer know the flag are left alone: V8 would print an error for it. A seam into
// V8: conformance-runner/src/vendor-seams/v8InterruptBudget.ts says what it buys and tests it.
if (Number(process.versions.v8.split('.')[0]) <= 13) v8.setFlagsFromString(`--interrupt-budget=${8 * 66 * 1024}`);

const root = path.resolve(__dirname, '..', '..');
const compiled = path.join(root, 'dist', 'conformance-runner', 'src', 'cli', 'main.js');
const sources = path.join(root, 'conformance-runner', 'src', 'cli', 'main.ts');

if (!fs.existsSync(sources) || useBuild()) {
  require(compiled).runCli();
} else {
  require(path.join(root, 'scripts', 'register.js'));
  require(sources).runCli();
}

/**
 * A build is used only when it cannot be stale: no source file changed after it was made, and no
 * suite of one's own (FW_CONFORMANCE_SUITE_DIR, the runner's tests) brings TypeScript steps of its own.
 */
function useBuild() {
  if (process.env.FW_CONFORMANCE_SUITE_DIR !== undefined || process.env.FW_FROM_SOURCES === '1') return false;
  let built;
  try {
    built = fs.statSync(path.join(root, 'dist', 'BUILD')).mtimeMs;
  } catch {
    return false;
  }
  const newer = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() ? newer(full) : entry.name.endsWith('.ts') && fs.statSync(full).mtimeMs > built) return true;
    }
    return false;
  };
  return !['conformance-runner/src', 'steps', 'reference/src', 'reference/adapter', 'tsconfig.json']
    .some((dir) => { const full = path.join(root, dir); return fs.statSync(full).isDirectory() ? newer(full) : fs.statSync(full).mtimeMs > built; });
}
