import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

/**
 * docs/architecture.md cannot drift from the tree (issue 37): its folder map lists every folder
 * of the repository and of the runner, and nothing the page names as a file or folder of the
 * runner is gone. A rename or a split then fails here until the page says it.
 */
const REPO = path.resolve(__dirname, '..', '..', '..');
const SRC = path.join(REPO, 'conformance-runner', 'src');
const PAGE = fs.readFileSync(path.join(REPO, 'docs', 'architecture.md'), 'utf8');

/** The text of a `## ` section, up to the next one. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `docs/architecture.md has a "## ${heading}" section`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** The rows of the Markdown table that follows `after` in `text`: first cell, whole row. */
function tableAfter(text: string, after: string): Array<{ first: string; row: string }> {
  const at = text.indexOf(after);
  assert.ok(at >= 0, `the folder map has "${after}"`);
  const lines = text.slice(at).split('\n');
  const start = lines.findIndex((l) => l.startsWith('|'));
  const rows: Array<{ first: string; row: string }> = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push({ first: line.split('|')[1]!.trim(), row: line });
  }
  return rows;
}

/** The code spans of a piece of Markdown. */
function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
}

/** Folders below `dir`, relative, at any depth. */
function foldersUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((rel) => fs.statSync(path.join(dir, rel)).isDirectory())
    .map((rel) => rel.split(path.sep).join('/'));
}

/** Whether a file or folder named `name` (a bare name, or a path) is somewhere under `dir`. */
function findable(dir: string, name: string): boolean {
  const clean = name.replace(/\/$/, '');
  if (fs.existsSync(path.join(dir, clean))) return true;
  return (fs.readdirSync(dir, { recursive: true }) as string[]).some((rel) => rel.split(path.sep).join('/').endsWith(`/${clean}`));
}

const MAP = section(PAGE, 'Folder map');
const RUNNER_ROWS = tableAfter(MAP, 'The runner, `conformance-runner/src/`');
/** The repository's top-level names: a path that starts with one is the repository's, not a runner folder's. */
const TOP_LEVEL = fs.readdirSync(REPO);
const RUNNER_FOLDERS = fs.readdirSync(SRC).filter((f) => fs.statSync(path.join(SRC, f)).isDirectory()).sort();

describe('docs/architecture.md, its folder map against the tree', () => {
  it('lists every folder of conformance-runner/src, and no other', () => {
    const listed = RUNNER_ROWS.map((r) => /^`([^`/]+)\/`$/.exec(r.first)?.[1] ?? r.first).sort();
    assert.deepEqual(listed, RUNNER_FOLDERS);
  });

  it("names each runner folder's subfolders in its row", () => {
    const missing: string[] = [];
    for (const { first, row } of RUNNER_ROWS) {
      const folder = first.replace(/`/g, '').replace(/\/$/, '');
      if (!fs.existsSync(path.join(SRC, folder))) continue; // the test above says it
      const spans = new Set(codeSpans(row));
      for (const sub of foldersUnder(path.join(SRC, folder))) {
        if (!spans.has(`${path.posix.basename(sub)}/`) && !spans.has(`${sub}/`)) missing.push(`${folder}/${sub}/`);
      }
    }
    assert.deepEqual(missing, [], 'subfolders the folder map does not name');
  });

  it("names in a runner folder's row only files and folders that are there", () => {
    const gone: string[] = [];
    for (const { first, row } of RUNNER_ROWS) {
      const folder = first.replace(/`/g, '').replace(/\/$/, '');
      if (!fs.existsSync(path.join(SRC, folder))) continue;
      for (const span of codeSpans(row).slice(1)) {
        if (!/^[\w.-]+(\/[\w.-]+)*(\.(ts|js|md)|\/)$/.test(span)) continue; // not a file or folder name
        if (TOP_LEVEL.includes(span.split('/')[0]!) && span.includes('/')) continue; // a path of the repository (dist/index.d.ts)
        if (!findable(path.join(SRC, folder), span)) gone.push(`${folder}/: ${span}`);
      }
    }
    assert.deepEqual(gone, []);
  });

  it("lists every folder of the repository's top level, each one there (dist/ once built)", () => {
    const rows = tableAfter(MAP, '| Folder | What it holds |');
    const listed = rows.flatMap((r) => codeSpans(r.first)).filter((s) => s.endsWith('/') && s.split('/').length === 2).map((s) => s.slice(0, -1));
    const tracked = execFileSync('git', ['ls-tree', '-d', '--name-only', 'HEAD'], { cwd: REPO, encoding: 'utf8' }).split('\n').filter((l) => l !== '');
    assert.deepEqual(tracked.filter((d) => !listed.includes(d)), [], 'folders the map does not list');
    const absent = listed.filter((d) => d !== 'dist' && !fs.existsSync(path.join(REPO, d)));
    assert.deepEqual(absent, [], 'listed folders that do not exist');
  });

  it('names no file or folder of the runner that does not exist, anywhere on the page', () => {
    const gone: string[] = [];
    for (const span of new Set(codeSpans(PAGE))) {
      if (span.includes('<') || span.includes(' ')) continue;
      const top = span.split('/')[0]!;
      if (span.startsWith('conformance-runner/')) {
        if (!fs.existsSync(path.join(REPO, span))) gone.push(span);
      } else if (span.includes('/') && RUNNER_FOLDERS.includes(top) && /(\.(ts|js)|\/)$/.test(span) && !['reports/', 'adapters/'].includes(span)) {
        if (!fs.existsSync(path.join(SRC, span))) gone.push(span);
      }
    }
    assert.deepEqual(gone.sort(), []);
  });
});
