import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import {
  checkLayer, checkRepository, cycleEdges, cycles, faceViolations, folderGraph, formatReports, GROUPINGS, layeredFiles, layeringOk, scanImports, STEPS_FACE,
} from '../../scripts/layering';

/** Writes files under a temporary root and returns it. */
function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-layering-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('scanImports', () => {
  it('tells run-time imports from type-only ones, and leaves packages out', () => {
    const root = tree({
      'a/x.ts': [
        "import type { T } from '../b/t';",
        "import { type U, type V } from '../b/u';",
        "import { W, type X } from '../b/w';",
        "import '../b/effect';",
        "export type { Y } from '../b/y';",
        "export { Z } from '../b/z';",
        "import * as fs from 'node:fs';",
        "const lazy = () => require('../b/lazy');",
        "type I = import('../b/i').I;",
        "const d = import('../b/dyn');",
      ].join('\n'),
      ...Object.fromEntries(['t', 'u', 'w', 'effect', 'y', 'z', 'lazy', 'i', 'dyn'].map((n) => [`b/${n}.ts`, ''])),
    });
    try {
      const found = scanImports(path.join(root, 'a/x.ts')).map((e) => `${path.basename(e.to)} ${e.typeOnly ? 'type' : 'run'} ${e.line}`);
      assert.deepEqual(found, ['t.ts type 1', 'u.ts type 2', 'w.ts run 3', 'effect.ts run 4', 'y.ts type 5', 'z.ts run 6', 'lazy.ts run 8', 'i.ts type 9', 'dyn.ts run 10']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('leaves tests and fixtures out of the layering', () => {
    const root = tree({ 'scripts/a.ts': '', 'scripts/test/b.ts': '', 'scripts/c.test.ts': '', 'bench/fixtures/d.ts': '', 'bench/e.js': '' });
    try {
      assert.deepEqual(layeredFiles(root).map((f) => path.relative(root, f)), ['bench/e.js', 'scripts/a.ts']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('cycles', () => {
  it('finds the edges on a cycle, and only those', () => {
    assert.deepEqual(cycleEdges(['a -> b', 'b -> c', 'c -> a', 'c -> d', 'd -> e']), ['a -> b', 'b -> c', 'c -> a']);
    assert.deepEqual(cycles(['a -> b', 'b -> a', 'c -> d', 'd -> c', 'b -> c']), [['a', 'b'], ['c', 'd']]);
    assert.deepEqual(cycleEdges(['a -> b', 'b -> c']), []);
  });

  it('fails on a new cycle, and on an allowed edge that no longer closes one', () => {
    const graph = (edges: string[]) => ({ runtime: edges.map((edge) => ({ edge, at: 'f.ts:1' })), typeOnly: [] });
    const allowed = ['http -> routing', 'routing -> http'];
    assert.equal(layeringOk([checkLayer('ns', graph(['http -> routing', 'routing -> http', 'validation -> http']), allowed)]), true);
    const widened = checkLayer('ns', graph(['http -> routing', 'routing -> http', 'validation -> http', 'http -> validation']), allowed);
    assert.deepEqual(widened.forbidden.map((e) => e.edge).sort(), ['http -> validation', 'validation -> http']);
    assert.equal(layeringOk([widened]), false);
    const shrunk = checkLayer('ns', graph(['routing -> http']), allowed);
    assert.deepEqual(shrunk.stale, allowed);
    assert.match(formatReports([shrunk]), /STALE http -> routing/);
  });

  it('does not count a type-only import', () => {
    const root = tree({
      'reference/src/http/D.ts': "import type { F } from '../validation/F';\nexport const d = 1;\n",
      'reference/src/validation/F.ts': "import { d } from '../http/D';\nexport type F = typeof d;\n",
    });
    try {
      const edges = layeredFiles(root).flatMap((f) => scanImports(f));
      const graph = folderGraph(edges, GROUPINGS.reference, root);
      assert.deepEqual(graph.runtime.map((e) => e.edge), ['validation -> http']);
      assert.deepEqual(graph.typeOnly.map((e) => e.edge), ['http -> validation']);
      assert.deepEqual(checkLayer('ns', graph, []).cycles, []);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the steps\' face of the runner', () => {
  it('lets steps import the runner through its face only, types included', () => {
    const root = tree({
      [STEPS_FACE]: "export { x } from '../protocol/x';\n",
      'conformance-runner/src/protocol/x.ts': 'export const x = 1;\n',
      'steps/good.ts': "import { x } from '../conformance-runner/src/forSteps';\n",
      'steps/support/bad.ts': "import { x } from '../../conformance-runner/src/forSteps';\nimport type { y } from '../../conformance-runner/src/protocol/x';\n",
    });
    try {
      const edges = layeredFiles(root).flatMap((f) => scanImports(f));
      assert.deepEqual(faceViolations(edges, root), ['steps/support/bad.ts:2 -> conformance-runner/src/protocol/x.ts']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('counts type-only imports between the runner\'s folders', () => {
    const graph = { runtime: [{ edge: 'model -> protocol', at: 'm.ts:1' }], typeOnly: [{ edge: 'protocol -> model', at: 'p.ts:1' }] };
    assert.deepEqual(checkLayer('runner', graph, [], true).cycles, [['model', 'protocol']]);
    assert.deepEqual(checkLayer('reference', graph, []).cycles, []);
  });
});

describe('the layering of this repository', () => {
  it('has no import cycle between top-level folders, none new between runner folders, none between reference namespaces but routing ↔ http', () => {
    const reports = checkRepository();
    assert.ok(layeringOk(reports), formatReports(reports));
    assert.deepEqual(reports.map((r) => r.name), ['top-level folders', 'conformance-runner/src folders (type-only imports counted)', 'reference/src namespaces', 'steps through the runner\'s face']);
    assert.deepEqual(reports[2]!.cycles, [['http', 'routing']]);
  });
});
