import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sameFields } from '../../../steps/support/echo';
import { locationTarget } from '../../../steps/support/expect';

/** What counted scenarios accept where the spec leaves the form open (decision 57). */
describe('sameFields: model attributes and validated data, field by field', () => {
  const item = (value: unknown) => ({ type: 'Item' as const, value });

  it('accepts the data as sent, a cast number, and undeclared fields left null', () => {
    assert.ok(sameFields(item({ name: 'Lamp', qty: '2' }), item({ name: 'Lamp', qty: '2' })));
    assert.ok(sameFields(item({ name: 'Lamp', qty: 2 }), item({ name: 'Lamp', qty: '2' })));
    assert.ok(sameFields(item({ qty: '2', name: 'Lamp' }), item({ name: 'Lamp', qty: 2 })));
    assert.ok(sameFields(item({ name: 'Box', qty: null }), item({ name: 'Box' })));
  });

  it('refuses a wrong value, a missing or extra field, another type or a number that is not the text', () => {
    assert.ok(!sameFields(item({ name: 'Lamp', qty: 3 }), item({ name: 'Lamp', qty: '2' })));
    assert.ok(!sameFields(item({ name: 'Lamp' }), item({ name: 'Lamp', qty: 2 })));
    assert.ok(!sameFields(item({ name: 'Box', qty: 0 }), item({ name: 'Box' })));
    assert.ok(!sameFields(item({ name: 'Box', qty: '' }), item({ name: 'Box' })));
    assert.ok(!sameFields({ type: 'StoreItemRequest', value: { name: 'Box' } }, item({ name: 'Box' })));
    assert.ok(!sameFields(item({ name: 'Lamp', qty: 2 }), item({ name: 'Lamp', qty: '02' })));
    assert.ok(!sameFields(item({ name: 'Lamp', qty: 2 }), item({ name: 'Lamp', qty: '2.0' })));
    assert.ok(!sameFields(item({ name: '2' }), item({ name: 'Lamp' })));
    assert.ok(!sameFields(undefined, item({ name: 'Lamp' })));
    assert.ok(!sameFields(item(['Lamp']), item({ name: 'Lamp' })));
  });
});

describe('locationTarget: where a Location sends the client', () => {
  it('is the same for a path and an absolute URL of that path', () => {
    assert.equal(locationTarget('/target', '/h'), '/target');
    assert.equal(locationTarget('http://127.0.0.1:8080/target', '/h'), '/target');
    assert.equal(locationTarget('https://example.test/target?id=7', '/f'), '/target?id=7');
  });

  it('resolves a relative reference against the request', () => {
    assert.equal(locationTarget('target', '/a/h'), '/a/target');
    assert.equal(locationTarget('../target', '/a/b/h'), '/a/target');
  });

  it('tells other paths and queries apart, and says undefined for no URI', () => {
    assert.notEqual(locationTarget('/target/7', '/f'), locationTarget('/target', '/f'));
    assert.notEqual(locationTarget('/target?id=8', '/f'), locationTarget('/target?id=7', '/f'));
    assert.equal(locationTarget('http://[bad', '/f'), undefined);
  });
});
