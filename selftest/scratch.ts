import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Fault } from './Fault';
import { TYPESCRIPT_LOADER } from '../conformance-runner/src/config/loader';

export const ROOT = path.resolve(__dirname, '..');

/** A patch does not apply: its text is not in the file exactly once (the reference moved on). */
export class StalePatch extends Error {}

/**
 * A scratch copy of the reference (its sources, package.json and tsconfig.json, node_modules
 * linked) with the fault's patches applied. Returns the folder to start the adapter from.
 */
export function scratchCopy(fault: Fault, parent = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-selftest-'))): string {
  const dir = path.join(parent, fault.id);
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(path.join(ROOT, 'reference'), path.join(dir, 'reference'), {
    recursive: true, filter: (src) => !src.split(path.sep).includes('test'),
  });
  // The reference adapter validates manifests with the published schemas.
  fs.cpSync(path.join(ROOT, 'conformance-runner', 'schema'), path.join(dir, 'conformance-runner', 'schema'), { recursive: true });
  for (const file of ['package.json', 'tsconfig.json']) fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  for (const patch of fault.patches ?? []) applyPatch(dir, fault, patch);
  return dir;
}

export function applyPatch(dir: string, fault: Fault, patch: { file: string; find: string; replace: string }): void {
  const file = path.join(dir, patch.file);
  if (!fs.existsSync(file)) throw new StalePatch(`${fault.id}: ${patch.file} does not exist`);
  const text = fs.readFileSync(file, 'utf8');
  const count = text.split(patch.find).length - 1;
  if (count !== 1) throw new StalePatch(`${fault.id}: the text to replace occurs ${count} times in ${patch.file} (expected once): ${JSON.stringify(patch.find.slice(0, 80))}`);
  fs.writeFileSync(file, text.replace(patch.find, () => patch.replace));
}

/** The adapter command for a fault: the scratch copy's adapter, behind the proxy when the fault has one. */
export function adapterCommand(fault: Fault, dir: string): string {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  if (fault.proxy) return `node -r ${q(TYPESCRIPT_LOADER)} ${q(path.join(ROOT, 'selftest', 'proxy', 'main.ts'))} ${q(fault.proxy)} ${q(dir)}`;
  return `cd ${q(dir)} && exec node -r ${q(TYPESCRIPT_LOADER)} reference/adapter/main.ts`;
}
