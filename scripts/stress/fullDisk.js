'use strict';
/**
 * Preloaded with `node --require` (through NODE_OPTIONS) by the tests and the stress case of a full
 * disk: FW_FULL_DISK="junit.xml:ENOSPC,conformance.json:EACCES" makes the writing of those files
 * (by their name, temporary files included) fail as the file system would, without filling a disk
 * or needing a folder root cannot write. Nothing else is touched.
 */
const fs = require('node:fs');
const path = require('node:path');

const failing = new Map(String(process.env.FW_FULL_DISK || '').split(',').filter(Boolean).map((entry) => {
  const [name, code = 'ENOSPC'] = entry.split(':');
  return [name, code];
}));
const MESSAGES = { ENOSPC: 'no space left on device', EACCES: 'permission denied', EROFS: 'read-only file system' };

function codeFor(file) {
  if (typeof file !== 'string') return undefined;
  const base = path.basename(file);
  for (const [name, code] of failing) if (base === name || base.startsWith(`.${name}.`)) return code;
  return undefined;
}

if (failing.size > 0) {
  const writeFileSync = fs.writeFileSync;
  fs.writeFileSync = function (file, ...rest) {
    const code = codeFor(file);
    if (code !== undefined) {
      throw Object.assign(new Error(`${code}: ${MESSAGES[code] || 'injected failure'}, write`), { code, errno: -28, syscall: 'write', path: file });
    }
    return writeFileSync.call(this, file, ...rest);
  };
}
