import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { propertyNamed } from '../../src/properties';
import { loadSuite } from '../../src/run/control/suite';

// The runner starts the suite's properties early (WorldParameters.early) by the name in their step;
// a reworded step would silently make every property wait for its turn again.
describe('properties started early', () => {
  const suite = loadSuite(path.resolve(__dirname, '..', '..', '..'));
  const properties = suite.scenarios.filter((s) => s.property);

  it('every @property scenario of the suite names a property the engine knows', () => {
    assert.ok(properties.length >= 6, `${properties.length} property scenarios`);
    for (const s of properties) {
      assert.ok(s.propertyName !== undefined, `${s.id} has no "the property ... is checked" step`);
      assert.doesNotThrow(() => propertyNamed(s.propertyName!), `${s.id}: unknown property ${s.propertyName}`);
    }
  });

  it('other scenarios name none', () => {
    assert.deepEqual(suite.scenarios.filter((s) => !s.property && s.propertyName !== undefined).map((s) => s.id), []);
  });
});
