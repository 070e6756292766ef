import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ScenarioDef } from '../../../src/model/suite';
import { planLanes } from '../../../src/run/cucumber/lanes/lanePlan';

function scenarios(counts: Record<string, number>, properties: string[] = []): ScenarioDef[] {
  const out: ScenarioDef[] = [];
  for (const [uri, n] of Object.entries(counts)) {
    for (let i = 0; i < n; i++) out.push({ id: `${uri}-${i}`, name: '', uri, line: 10 + i * 3, rules: [], needs: [], level: 'must', capabilities: [], property: false, tags: [] });
  }
  for (const uri of properties) out.push({ id: `${uri}-p`, name: '', uri, line: 5, rules: [], needs: [], level: 'must', capabilities: [], property: true, tags: [] });
  return out;
}

/** The scenarios a lane's paths select: every scenario of a whole file, the listed lines of a split one. */
function selected(paths: string[], all: ScenarioDef[]): string[] {
  return paths.flatMap((p) => {
    const [uri, ...lines] = p.split(':');
    return all.filter((s) => !s.property && s.uri === uri && (lines.length === 0 || lines.includes(String(s.line)))).map((s) => s.id);
  });
}

describe('which scenarios each lane runs (lanePlan.ts)', () => {
  it('runs every selected scenario once, in as many lanes as asked, each within one scenario of a fair share', () => {
    const all = scenarios({ 'a.feature': 103, 'b.feature': 100, 'c.feature': 50, 'd.feature': 34, 'e.feature': 8, 'f.feature': 3 }, ['p1.feature', 'p2.feature']);
    for (const lanes of [2, 3, 4, 8]) {
      const plan = planLanes(all, lanes);
      assert.equal(plan.scenarios.length, lanes);
      const shares = plan.scenarios.map((paths) => selected(paths, all));
      const ids = shares.flat();
      assert.equal(ids.length, 298, `${lanes} lanes: each scenario once`);
      assert.equal(new Set(ids).size, 298);
      const fair = Math.ceil(298 / lanes);
      for (const share of shares) assert.ok(share.length <= fair + Math.ceil(fair / 2), `${lanes} lanes: a lane of ${share.length} against a fair ${fair}`);
      assert.deepEqual(plan.properties, ['p1.feature', 'p2.feature']);
    }
  });

  it('gives a file whole to one lane when it fits, and splits only what does not', () => {
    const plan = planLanes(scenarios({ 'big.feature': 9, 'small.feature': 2, 'mid.feature': 3 }), 2);
    const paths = plan.scenarios.flat();
    assert.ok(paths.includes('small.feature') && paths.includes('mid.feature'), paths.join(' '));
    assert.equal(paths.filter((p) => p.startsWith('big.feature:')).length, 2, 'the large file in two pieces');
  });

  it('no more lanes than there is work, and a property lane only with properties', () => {
    const plan = planLanes(scenarios({ 'one.feature': 1 }), 8);
    assert.deepEqual(plan, { scenarios: [['one.feature']], properties: [] });
  });
});
