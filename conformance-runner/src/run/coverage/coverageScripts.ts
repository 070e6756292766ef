import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The files of the scripts a target loaded, read from the raw V8 coverage it wrote (Node's
 * NODE_V8_COVERAGE format: `result`, one entry per script, by URL): what c8 may measure, so that
 * the files of the measured folders it will not name are known before its report is there.
 */
export function loadedScripts(tempDir: string): Set<string> {
  const loaded = new Set<string>();
  for (const name of fs.readdirSync(tempDir).filter((f) => f.endsWith('.json'))) {
    let raw: { result?: Array<{ url?: unknown }> };
    try {
      raw = JSON.parse(fs.readFileSync(`${tempDir}/${name}`, 'utf8')) as typeof raw;
    } catch {
      continue; // not ours to judge: c8 reports what it makes of it
    }
    if (!Array.isArray(raw?.result)) continue;
    for (const { url } of raw.result) {
      if (typeof url !== 'string' || !url.startsWith('file:')) continue;
      try {
        loaded.add(fileURLToPath(url));
      } catch {
        // not a file c8 could name either
      }
    }
  }
  return loaded;
}
