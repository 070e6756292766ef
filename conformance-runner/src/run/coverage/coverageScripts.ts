import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The raw V8 coverage a target wrote, cut down to the scripts that can be measured, before c8
 * reads it. c8 runs with --exclude-after-remap (a script is measured by the source its map names,
 * wherever the script itself is), so it converts every script first and excludes afterwards: for
 * the reference adapter that is ajv's seventy-odd files and the loader's, half of `c8 report`'s
 * time, for nothing. A script is dropped here only when neither its own file nor any source of
 * its source map lies under a measured folder, so what c8 reports is the same.
 */

interface ScriptCoverage {
  url: string;
}

interface SourceMapEntry {
  data?: { sources?: string[]; sourceRoot?: string } | null;
}

interface RawCoverage {
  result: ScriptCoverage[];
  'source-map-cache'?: Record<string, SourceMapEntry>;
}

/**
 * Rewrites every coverage file of `tempDir` in place. Returns how many scripts were dropped, and
 * the files of the scripts the target loaded (absolute paths; what c8 will most likely measure).
 */
export function dropUnmeasuredScripts(tempDir: string, root: string, dirs: readonly string[]): { dropped: number; loaded: Set<string> } {
  const folders = dirs.map((d) => path.join(path.resolve(root, d), path.sep));
  const measurable = (file: string) => folders.some((folder) => file.startsWith(folder));
  let dropped = 0;
  const loaded = new Set<string>();
  for (const name of fs.readdirSync(tempDir).filter((f) => f.endsWith('.json'))) {
    const file = path.join(tempDir, name);
    let raw: RawCoverage;
    try {
      raw = JSON.parse(fs.readFileSync(file, 'utf8')) as RawCoverage;
    } catch {
      continue; // not ours to judge: c8 reports what it makes of it
    }
    if (!Array.isArray(raw?.result)) continue;
    const maps = raw['source-map-cache'] ?? {};
    const kept = raw.result.filter((script) => mayBeMeasured(script.url, maps[script.url], measurable));
    for (const script of kept) {
      if (!script.url.startsWith('file:')) continue;
      try {
        loaded.add(fileURLToPath(script.url));
      } catch {
        // not a file c8 could name either
      }
    }
    if (kept.length === raw.result.length) continue;
    dropped += raw.result.length - kept.length;
    fs.writeFileSync(file, JSON.stringify({ ...raw, result: kept }));
  }
  return { dropped, loaded };
}

/** Whether c8 could report `url` (a script's URL) under a measured folder, itself or through its source map. */
export function mayBeMeasured(url: string, map: SourceMapEntry | undefined, measurable: (file: string) => boolean): boolean {
  // node: internals and evaluated code: c8 skips what is not an absolute file (omitRelative) itself.
  if (!url.startsWith('file:')) return true;
  let file: string;
  try {
    file = fileURLToPath(url);
  } catch {
    return true;
  }
  if (measurable(file)) return true;
  const sources = map?.data?.sources ?? [];
  return sources.some((source) => {
    const resolved = sourcePath(file, source, map?.data?.sourceRoot);
    return resolved === undefined || measurable(resolved);
  });
}

/**
 * Where c8 (v8-to-istanbul's _resolveSource) looks for a source of `file`'s map; undefined for a
 * URL of another scheme, whose place is not worked out here (the script is then kept).
 */
function sourcePath(file: string, source: string, sourceRoot: string | undefined): string | undefined {
  if (source.startsWith('file://')) {
    try {
      return fileURLToPath(source);
    } catch {
      return undefined;
    }
  }
  const relative = source.replace(/^webpack:\/\//, '');
  if (/^[a-z][a-z0-9+.-]*:/i.test(relative)) return undefined;
  const candidate = path.join(sourceRoot ? sourceRoot.replace('file://', '') : '', relative);
  return path.isAbsolute(candidate) ? candidate : path.resolve(path.dirname(file), candidate);
}
