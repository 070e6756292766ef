import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FRAMEWORK_LOG } from '../conformance-runner/src/config/options';

/**
 * `npm run certify -- <name>... [--update] [-- runner options]`: certifies the implementations
 * whose adapters live in this repository (adapters/<name>/). Each run is the whole suite against
 * the adapter, held to its committed expectations file (adapters/<name>/expectations.json: the
 * known failing rules with their reasons, and the profile), reports in reports/<name>/. It exits 0
 * while nothing changes against the file; --update rewrites the file from the run (keeping reasons).
 * An implementation whose requirements are not installed is reported as skipped, never as passed.
 *
 * Each certification gets a temporary folder of its own as TMPDIR (the adapter's store, and the
 * framework's log, go there: adapters/shared/php-server.sh) and removes it when it ends, keeping
 * the framework's log, if any, as reports/<name>/framework.log next to the reports it explains.
 */
export const ROOT = path.resolve(__dirname, '..');
const ADAPTERS = path.join(ROOT, 'adapters');

export interface AdapterDescriptor {
  name: string;
  description: string;
  start: string;
  /**
   * What must be installed: commands on PATH, files, the Debian packages that bring them, and
   * folders of this repository (`npm`) whose own npm dependencies must be installed (an adapter
   * with a package.json and package-lock.json of its own: `npm ci --prefix <folder>`).
   */
  requires: { commands: string[]; files: string[]; debian: string[]; npm?: string[] };
  /** Runner options every certification of this adapter uses (a fixed seed: reproducible). */
  runner: string[];
}

export class CertifyError extends Error {}

export function adapterNames(): string[] {
  return fs.readdirSync(ADAPTERS, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(ADAPTERS, e.name, 'adapter.json')))
    .map((e) => e.name).sort();
}

export function loadDescriptor(name: string): AdapterDescriptor {
  const file = path.join(ADAPTERS, name, 'adapter.json');
  if (!/^[a-z][a-z0-9-]*$/.test(name) || !fs.existsSync(file)) {
    throw new CertifyError(`no adapter named "${name}" (adapters with an adapter.json: ${adapterNames().join(', ') || 'none'})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CertifyError(`adapters/${name}/adapter.json is not JSON: ${(err as Error).message}`);
  }
  return checkDescriptor(name, data);
}

/** An adapter.json's parsed contents as a descriptor, or a CertifyError saying what is wrong with it. */
export function checkDescriptor(name: string, value: unknown): AdapterDescriptor {
  const data = (value ?? {}) as Partial<AdapterDescriptor>;
  const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
  const r = data.requires;
  if (typeof data.name !== 'string' || typeof data.start !== 'string' || typeof data.description !== 'string' ||
      !r || !strings(r.commands) || !strings(r.files) || !strings(r.debian) || !strings(r.npm ?? []) || !strings(data.runner ?? [])) {
    throw new CertifyError(`adapters/${name}/adapter.json needs name, description, start, requires {commands, files, debian, and optionally npm} (lists of strings) and runner (a list)`);
  }
  const outside = (r.npm ?? []).find((folder) => path.isAbsolute(folder) || path.normalize(folder).split(path.sep)[0] === '..');
  if (outside !== undefined) throw new CertifyError(`adapters/${name}/adapter.json: requires.npm names "${outside}", which is not a folder of this repository`);
  return { ...(data as AdapterDescriptor), runner: data.runner ?? [] };
}

/** What is missing to run the adapter here, in words; empty when everything is installed. */
export function missingRequirements(d: AdapterDescriptor): string[] {
  const missing: string[] = [];
  for (const command of d.requires.commands) {
    if (spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status !== 0) missing.push(`the command ${command}`);
  }
  for (const file of d.requires.files) if (!fs.existsSync(file)) missing.push(file);
  // npm ci writes node_modules/.package-lock.json last: without it the install is absent or unfinished.
  for (const folder of d.requires.npm ?? []) {
    if (!fs.existsSync(path.join(ROOT, folder, 'node_modules', '.package-lock.json'))) missing.push(`the npm dependencies of ${folder}`);
  }
  return missing;
}

/** How to install what is missing, in words: the Debian packages and the npm installs the descriptor names. */
export function installHint(d: AdapterDescriptor): string {
  const steps: string[] = [];
  if (d.requires.debian.length > 0) steps.push(`Debian: apt-get install -y ${d.requires.debian.join(' ')}`);
  for (const folder of d.requires.npm ?? []) steps.push(`npm ci --prefix ${folder}`);
  return steps.join('; ');
}

export interface Certification {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  /** The runner's exit code (absent when skipped). */
  code?: number;
  reason: string;
  reports: string;
  /** The framework's log of the run (every exception it rendered), when it wrote one: reports/<name>/framework.log. */
  log?: string;
}

/**
 * Where temporary folders go: $TMPDIR when set (the user's choice), else /dev/shm when writable
 * (memory: an adapter reads its store on every request, adapters/shared/php-server.sh), else the
 * system's temporary folder.
 */
export function tempBase(): string {
  if (process.env.TMPDIR) return process.env.TMPDIR;
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
}

export { FRAMEWORK_LOG };

/**
 * Keeps the logs an adapter left in its temporary folder (Lumen's start.sh moves lumen.log to
 * $TMPDIR/fw-lumen-<port>.log when it stops) as one file, FRAMEWORK_LOG, in the reports folder;
 * returns its path, or undefined when there was none.
 */
export function keepFrameworkLog(tmp: string, reportsDir: string): string | undefined {
  const logs = fs.readdirSync(tmp).filter((f) => f.endsWith('.log') && fs.statSync(path.join(tmp, f)).isFile()).sort();
  if (logs.length === 0) return undefined;
  const target = path.join(reportsDir, FRAMEWORK_LOG);
  fs.mkdirSync(reportsDir, { recursive: true });
  // Copied, not renamed: the temporary folder may be on another file system (/dev/shm).
  fs.writeFileSync(target, logs.map((f) => fs.readFileSync(path.join(tmp, f))).reduce((a, b) => Buffer.concat([a, b]), Buffer.alloc(0)));
  return target;
}

/** Runs one certification; `write` receives the runner's output as it comes. */
export async function certify(name: string, options: { update?: boolean; extra?: string[]; reports?: string; write: (text: string) => void }): Promise<Certification> {
  const d = loadDescriptor(name);
  // Relative to the repository: reports/<name> by default (npm test's phases give a folder of their own).
  const reports = options.reports ?? path.join('reports', name);
  const missing = missingRequirements(d);
  if (missing.length > 0) {
    const hint = installHint(d);
    return { name, status: 'skipped', reports, reason: `not installed: ${missing.join(', ')}${hint === '' ? '' : ` (${hint})`}` };
  }
  const expectations = path.join('adapters', name, 'expectations.json');
  const args = [path.join(ROOT, 'conformance-runner', 'bin', 'fw-conformance.js'), '--start', d.start, '--out', reports,
    '--expectations', expectations, ...(options.update ? ['--update-expectations'] : []), ...d.runner, ...(options.extra ?? [])];
  // A log of an earlier certification would pass for this one's.
  fs.rmSync(path.resolve(ROOT, reports, FRAMEWORK_LOG), { force: true });
  const tmp = fs.mkdtempSync(path.join(tempBase(), `fw-certify-${name}-`));
  let code: number;
  let log: string | undefined;
  try {
    code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (c: Buffer) => options.write(c.toString()));
      child.stderr.on('data', (c: Buffer) => options.write(c.toString()));
      child.on('close', (c) => resolve(c ?? 1));
    });
    // The runner gives the adapter the report folder as FW_LOG_DIR (protocol §1): a log is there;
    // one an adapter still leaves in its temporary folder is kept there too.
    const kept = keepFrameworkLog(tmp, path.resolve(ROOT, reports)) ?? (fs.existsSync(path.resolve(ROOT, reports, FRAMEWORK_LOG)) ? path.resolve(ROOT, reports, FRAMEWORK_LOG) : undefined);
    if (kept !== undefined) log = path.relative(ROOT, kept);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const reason = code === 0 ? `${d.name}: the results match ${expectations}` : code === 2 ? 'the runner refused its options (exit 2)' : `${d.name}: the results differ from ${expectations} (see ${reports}/conformance.md)`;
  return { name, status: code === 0 ? 'passed' : 'failed', code, reason, reports, ...(log !== undefined ? { log } : {}) };
}

const USAGE = `usage: npm run certify -- <name>... | --all [--update] [-- <fw-conformance options>]
  adapters: ${adapterNames().join(', ')}
  --update   rewrite adapters/<name>/expectations.json from the run (reasons are kept)`;

async function main(argv: string[]): Promise<number> {
  const dash = argv.indexOf('--');
  const own = dash === -1 ? argv : argv.slice(0, dash);
  const extra = dash === -1 ? [] : argv.slice(dash + 1);
  if (own.includes('--help') || own.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const unknown = own.filter((a) => a.startsWith('-') && a !== '--all' && a !== '--update');
  if (unknown.length > 0) {
    process.stderr.write(`certify: unknown option ${unknown[0]}\n${USAGE}\n`);
    return 2;
  }
  const names = own.includes('--all') ? adapterNames() : own.filter((a) => !a.startsWith('-'));
  if (names.length === 0) {
    process.stderr.write(`certify: name an adapter\n${USAGE}\n`);
    return 2;
  }
  const results: Certification[] = [];
  for (const name of names) {
    try {
      process.stdout.write(`\n=== certify ${name} ===\n`);
      const r = await certify(name, { update: own.includes('--update'), extra, write: (t) => process.stdout.write(t) });
      process.stdout.write(`certify ${name}: ${r.status.toUpperCase()} — ${r.reason}${r.log !== undefined ? ` (the framework's log: ${r.log})` : ''}\n`);
      results.push(r);
    } catch (err) {
      if (!(err instanceof CertifyError)) throw err;
      process.stderr.write(`certify: ${err.message}\n`);
      return 2;
    }
  }
  const failed = results.filter((r) => r.status === 'failed');
  const skipped = results.filter((r) => r.status === 'skipped');
  process.stdout.write(`\ncertify: ${results.length - failed.length - skipped.length} passed, ${failed.length} failed${skipped.length > 0 ? `, ${skipped.length} skipped (${skipped.map((s) => s.name).join(', ')}: not installed)` : ''}\n`);
  // Skipped is never passed: a certification that could not run fails the command.
  return failed.length > 0 || skipped.length > 0 ? 1 : 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (err: unknown) => {
    process.stderr.write(`certify: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exit(1);
  });
}
