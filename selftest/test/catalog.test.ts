import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { FAULTS } from '../faults/index';
import { REQUEST_TRANSFORMS, TRANSFORMS } from '../proxy/transforms';
import { PATH_TRANSFORMS } from '../proxy/mechanisms';
import { applyPatch, ROOT } from '../scratch';

/** The fault catalog stays applicable as the reference changes: checked without running the suite. */
describe('the self-test fault catalog', () => {
  const catalog = JSON.parse(fs.readFileSync(path.join(ROOT, 'features', 'rules.json'), 'utf8')) as { rules: Array<{ id: string; level: string }> };
  const levels = new Map(catalog.rules.map((r) => [r.id, r.level]));

  it('every fault has a unique kebab-case id, a description, and a must or implied rule of the catalog', () => {
    const ids = new Set<string>();
    for (const f of FAULTS) {
      assert.match(f.id, /^[a-z0-9]+(-[a-z0-9]+)*$/, f.id);
      assert.ok(!ids.has(f.id), `${f.id} repeats`);
      ids.add(f.id);
      assert.ok(f.description.trim().length > 0, `${f.id}: description`);
      assert.ok(levels.has(f.rule), `${f.id}: ${f.rule} is not in features/rules.json`);
      assert.notEqual(levels.get(f.rule), 'reference', `${f.id}: ${f.rule} is a reference rule`);
      assert.ok((f.patches?.length ?? 0) > 0 || f.proxy !== undefined, `${f.id}: neither patches nor a proxy`);
      for (const t of f.proxy?.split('+') ?? []) assert.ok(t in TRANSFORMS || t in REQUEST_TRANSFORMS || t in PATH_TRANSFORMS, `${f.id}: unknown proxy transform ${t}`);
      for (const r of f.also ?? []) assert.ok(levels.has(r) && levels.get(r) !== 'reference', `${f.id}: also names ${r}, not a must or implied rule`);
    }
  });

  it('every patch applies to the reference as it is now (its text occurs exactly once)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-selftest-catalog-'));
    try {
      const copied = new Set<string>();
      for (const f of FAULTS) {
        for (const p of f.patches ?? []) {
          // Each fault on a fresh copy of the file: faults are applied one at a time.
          const target = path.join(dir, f.id, p.file);
          if (!copied.has(`${f.id}/${p.file}`)) {
            fs.mkdirSync(path.dirname(target), { recursive: true });
            fs.copyFileSync(path.join(ROOT, p.file), target);
            copied.add(`${f.id}/${p.file}`);
          }
          applyPatch(path.join(dir, f.id), f, p);
        }
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
