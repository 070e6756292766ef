import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeFileAtomic } from '../../reports/atomic';
import { runC8 } from './c8Process';
import { loadedScripts } from './coverageScripts';
import { filesWithRuntimeCode, hasRuntimeCode } from './runtimeCode';

export { hasRuntimeCode };

/**
 * Coverage of a started target (--coverage). The target runs with NODE_V8_COVERAGE pointing at a
 * temporary directory, so V8 writes its raw coverage when the process exits normally (the
 * reference adapter exits 0 on SIGTERM, which the target layer sends). ts-node appends an inline
 * source map to every file it compiles (scripts/register.js keeps that output as it is) and Node caches source maps whenever NODE_V8_COVERAGE is
 * set, so c8 maps the ranges back to the .ts lines.
 */
export class Coverage {
  readonly tempDir: string;

  constructor() {
    this.tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-coverage-'));
  }

  /** Environment for the target command. */
  env(): Record<string, string> {
    return { NODE_V8_COVERAGE: this.tempDir };
  }

  /**
   * Runs `c8 report` over what the target wrote, into `<out>/coverage` (html, lcov, text
   * summary) and writes `<out>/coverage/uncovered.md`. `root` is the directory the target ran in;
   * `dirs` (relative to it) are what is measured, minus `excludeDirs`. Files of `dirs` that the
   * target never loaded are not in c8's figures (TypeScript files that only declare types compile
   * to nothing and would count as wholly uncovered); uncovered.md lists those with runtime code.
   */
  async report(out: string, root: string, dirs: string[] = ['reference'], excludeDirs: string[] = ['reference/test']): Promise<{ dir: string; summary: string; uncovered: string }> {
    const dir = path.resolve(out, 'coverage');
    const raw = fs.readdirSync(this.tempDir).filter((f) => f.endsWith('.json'));
    if (raw.length === 0) {
      throw new Error(`the target wrote no V8 coverage into ${this.tempDir}: it must exit normally (not be killed) when stopped with SIGTERM`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
    const loaded = loadedScripts(this.tempDir);
    const args = ['report', '--temp-directory', this.tempDir, '--reports-dir', dir, '-r', 'html', '-r', 'lcovonly', '-r', 'text-summary',
      '--exclude-after-remap', ...dirs.flatMap((d) => ['--include', `${d}/**`]), ...excludeDirs.flatMap((d) => ['--exclude', `${d}/**`])];
    const reporting = runC8(require.resolve('c8/bin/c8.js'), args, root);
    // Meanwhile, which of the files the target did not load have code: c8 will not measure them
    // (its lcov decides, below; a file not guessed here is looked at then).
    const files = sourceFiles(root, dirs, excludeDirs);
    const guessing = filesWithRuntimeCode(files.filter((f) => !loaded.has(path.join(root, f))).map((f) => path.join(root, f)));
    const [result, guessed] = await Promise.all([reporting, guessing]);
    const withCode = new Map([...guessed].map(([file, code]) => [relative(root, file), code]));
    if (result.status !== 0) throw new Error(`c8 report failed (exit ${result.status}): ${(result.stderr || result.stdout).trim()}`);
    const summary = result.stdout.trim();
    const lcov = fs.readFileSync(path.join(dir, 'lcov.info'), 'utf8');
    const measured = new Set(parseLcov(lcov, root).map((f) => f.file));
    const neverLoaded = files.filter((f) => !measured.has(f) && (withCode.get(f) ?? hasRuntimeCode(path.join(root, f))));
    const uncovered = path.join(dir, 'uncovered.md');
    writeFileAtomic(uncovered, uncoveredMarkdown(lcov, root, neverLoaded));
    return { dir, summary, uncovered };
  }

  dispose(): void {
    fs.rmSync(this.tempDir, { recursive: true, force: true });
  }
}

export interface FileLines {
  file: string;
  found: number;
  hit: number;
  missed: number[];
}

/** Per file of an lcov report: lines found, lines hit, lines never reached. */
export function parseLcov(lcov: string, root: string): FileLines[] {
  const files: FileLines[] = [];
  let current: FileLines | undefined;
  for (const line of lcov.split('\n')) {
    if (line.startsWith('SF:')) current = { file: relative(root, path.resolve(root, line.slice(3))), found: 0, hit: 0, missed: [] };
    else if (line.startsWith('DA:') && current) {
      const [lineNo, count] = line.slice(3).split(',').map(Number);
      current.found += 1;
      if (count! > 0) current.hit += 1;
      else current.missed.push(lineNo!);
    } else if (line === 'end_of_record' && current) {
      files.push(current);
      current = undefined;
    }
  }
  return files.sort((a, b) => a.file.localeCompare(b.file));
}

/** uncovered.md: files with lines never reached (line runs collapsed), then files never loaded. */
export function uncoveredMarkdown(lcov: string, root: string, neverLoaded: string[] = []): string {
  const files = parseLcov(lcov, root);
  const incomplete = files.filter((f) => f.missed.length > 0);
  const found = files.reduce((n, f) => n + f.found, 0);
  const hit = files.reduce((n, f) => n + f.hit, 0);
  const out = [
    '# Lines of the target not reached by the suite', '',
    `${hit} of ${found} lines reached (${found === 0 ? 0 : Math.floor((hit / found) * 1000) / 10}%) in the ${files.length} files the target loaded; ` +
      `${incomplete.length} of them have lines not reached.`, '',
  ];
  if (incomplete.length === 0) out.push('Every line of the loaded files was reached.');
  for (const f of incomplete) out.push(`- \`${f.file}\` — ${f.hit}/${f.found} lines; not reached: ${ranges(f.missed)}`);
  if (neverLoaded.length > 0) {
    out.push('', '## Files the target never loaded', '', ...neverLoaded.map((f) => `- \`${f}\``));
  }
  return out.join('\n') + '\n';
}

/** .ts/.js files under `dirs` (relative to root, with / separators), minus `excludeDirs`. */
export function sourceFiles(root: string, dirs: string[], excludeDirs: string[]): string[] {
  const out: string[] = [];
  for (const d of dirs) {
    const abs = path.join(root, d);
    if (!fs.existsSync(abs)) continue;
    for (const f of fs.readdirSync(abs, { recursive: true }) as string[]) {
      const rel = relative(root, path.join(abs, f));
      if (!/\.(ts|js)$/.test(rel) || rel.endsWith('.d.ts')) continue;
      if (excludeDirs.some((x) => rel.startsWith(`${x}/`))) continue;
      out.push(rel);
    }
  }
  return out.sort();
}

function relative(root: string, file: string): string {
  return (path.relative(root, file) || file).split(path.sep).join('/');
}

/** [3,4,5,9] → "3-5, 9" */
export function ranges(lines: number[]): string {
  const sorted = [...lines].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}
