import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AUTH, request, startAdapter, type RunningAdapter } from './helpers';

/** Names every JavaScript object answers to, which a manifest once routed to (201, then 500 or 200 `[object Object]`). */
const INHERITED = ['constructor', 'valueOf', 'toString', 'toLocaleString', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', '__defineGetter__', '__lookupSetter__'];

describe('only the catalog class\'s own methods are actions', () => {
  let adapter: RunningAdapter;
  before(async () => { adapter = await startAdapter(); });
  after(() => adapter.close());

  const load = (controller: string, action: string) => request(adapter.port, 'POST', '/__fw/apps',
    { protocol: 2, routeFiles: { web: [{ method: 'GET', uri: '/a', handler: { controller, action } }] } }, AUTH);

  for (const action of INHERITED) {
    it(`EchoController@${action} is refused at load, like an unknown action`, async () => {
      const answer = await load('EchoController', action);
      assert.equal(answer.status, 422, answer.text.slice(0, 300));
      const { error } = answer.json as { error: { kind: string; message: string } };
      assert.equal(error.kind, 'boot');
      assert.match(error.message, new RegExp(`has no method \\[${action}\\]`));
    });
  }

  it('the base controller\'s helpers are not actions of a catalog class', async () => {
    const answer = await load('HelperController', 'json');
    assert.equal(answer.status, 422, answer.text.slice(0, 300));
  });

  it('an unknown action is refused the same way', async () => {
    assert.equal((await load('EchoController', 'nope')).status, 422);
  });
});
