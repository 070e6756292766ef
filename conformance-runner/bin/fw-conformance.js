#!/usr/bin/env node
'use strict';
// The fw-conformance command. The installed package runs the JavaScript compiled into dist/
// (scripts/build.js, at npm pack); a clone of the repository runs its TypeScript sources through
// scripts/register.js, or dist/ when a build is there that is newer than every source file.
const fs = require('node:fs');
const path = require('node:path');

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
