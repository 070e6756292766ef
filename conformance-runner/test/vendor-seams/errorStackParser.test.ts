import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ERROR_STACK_PARSER_SEAM, hasV8Frame } from '../../src/vendor-seams/errorStackParser';

/** error-stack-parser as cucumber loads it. */
const FILE = require.resolve('error-stack-parser', { paths: [path.dirname(require.resolve(ERROR_STACK_PARSER_SEAM.from))] });
const SOURCE = fs.readFileSync(FILE, 'utf8');

// Its version: versions.test.ts.
describe('vendor seam: error-stack-parser (vendor-seams/errorStackParser.ts)', () => {
  /** error-stack-parser's own V8 expression, read from its file. */
  const upstream = (() => {
    const literal = /CHROME_IE_STACK_REGEXP = \/(.+)\/m;/.exec(SOURCE)?.[1];
    assert.ok(literal !== undefined, 'error-stack-parser no longer defines CHROME_IE_STACK_REGEXP: hasV8Frame() answers a question it stopped asking');
    return new RegExp(literal, 'm');
  })();

  it('answers as its CHROME_IE_STACK_REGEXP does, on stacks short enough for that expression', () => {
    const line = fc.stringMatching(/^[ a-z:(). 0-9@"/]{0,24}$/);
    const frames = [' at f (/a/b.js:1:2)', '    at native (native)', '    at x', 'at :1', 'f@/a.js:1:2', 'Error: x'];
    fc.assert(fc.property(fc.array(fc.oneof(line, fc.constantFrom(...frames)), { maxLength: 4 }), (lines) => {
      const stack = lines.join('\n');
      assert.equal(hasV8Frame(stack), upstream.test(stack), JSON.stringify(stack));
    }), { numRuns: 2000, seed: 37 });
  });
});
