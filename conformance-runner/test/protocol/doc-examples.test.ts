import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { compileStrict, schemaNames } from './ajv';
import { fencedBlocks, schemaMarker } from './markdown';

const REPO = path.resolve(__dirname, '..', '..', '..');
const DOCS = ['docs/adapter-protocol.md', 'docs/writing-an-adapter.md'];

/**
 * Every ```json block of the protocol documents is a message that must validate against the
 * schema named by the `<!-- fw-schema: NAME -->` line right above it, or is explicitly marked
 * `<!-- fw-schema: none (why) -->`. An unmarked block fails, so no example can rot unchecked.
 */
for (const doc of DOCS) {
  describe(`JSON examples in ${doc}`, () => {
    const blocks = fencedBlocks(path.join(REPO, doc));

    it('has JSON examples to check', () => {
      assert.ok(blocks.some((b) => b.lang === 'json'), `${doc} has no json block; was the marker convention dropped?`);
    });

    it('puts every JSON-looking block in a ```json fence', () => {
      const hidden = blocks.filter((b) => b.lang !== 'json' && /^\s*[{[]/.test(b.code) && b.lang !== 'php' && b.lang !== 'text');
      assert.deepEqual(hidden.map((b) => `${doc}:${b.line}`), [], 'a JSON example outside a ```json fence escapes the check');
    });

    for (const block of blocks.filter((b) => b.lang === 'json')) {
      const schema = schemaMarker(block.before);
      it(`line ${block.line}: ${schema ?? 'unmarked'}`, () => {
        assert.ok(schema, `${doc}:${block.line}: put <!-- fw-schema: NAME --> (one of ${schemaNames().join(', ')}) or <!-- fw-schema: none (why) --> on the line above the block`);
        let data: unknown;
        try {
          data = JSON.parse(block.code);
        } catch (err) {
          assert.fail(`${doc}:${block.line}: not JSON: ${(err as Error).message}`);
        }
        if (schema === 'none') return;
        assert.ok(schemaNames().includes(schema), `${doc}:${block.line}: no schema ${schema}.schema.json`);
        const validate = compileStrict(schema);
        assert.equal(validate(data), true, `${doc}:${block.line}: ${JSON.stringify(validate.errors)}`);
      });
    }
  });
}
