import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Model } from '../../src/database/Model';
import { Request } from '../../src/http/Request';
import { ValidationError } from '../../src/validation/ValidationError';
import { MAX_INPUT_DEPTH } from '../../src/validation/Validator';

class Photo extends Model {
  static override rules = { title: 'required|string|max:100', url: 'required|string' };
  static override fields = ['caption'];
}

/** A request with this raw JSON text as its body, parsed by the framework as a client's would be. */
function jsonRequest(text: string): Request {
  return Request.create('POST', '/photos', { body: text, headers: { 'content-type': 'application/json' } });
}

async function bindErrors(text: string): Promise<unknown> {
  try {
    await Photo.validateAndBind(jsonRequest(text));
  } catch (error) {
    assert.ok(error instanceof ValidationError, `expected a ValidationError, got ${String(error)}`);
    return error.errors;
  }
  return undefined;
}

describe('Model.validateAndBind on hostile input', () => {
  it('an object with toString as title is a 422, not a TypeError', async () => {
    assert.deepEqual(await bindErrors('{"title":{"toString":1},"url":"x"}'), { title: ['The title field must be a string.'] });
    assert.deepEqual(await bindErrors('{"title":"t","url":{"valueOf":1,"toString":1}}'), { url: ['The url field must be a string.'] });
  });

  it('a field without rules (static fields) is held to the nesting limit too', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    assert.deepEqual(await bindErrors(`{"title":"t","url":"u","caption":${deep}}`), {
      caption: [`The caption field must not be nested more than ${MAX_INPUT_DEPTH} levels deep.`],
    });
    const ok = await Photo.validateAndBind(jsonRequest('{"title":"t","url":"u","caption":[[{"a":[1]}]]}'));
    assert.deepEqual(ok.toJSON(), { title: 't', url: 'u', caption: [[{ a: [1] }]] });
    // What a controller does with a bound model must work: it is answered as JSON.
    JSON.stringify(ok);
  });

  it('__proto__ and constructor members fill nothing and pollute nothing', async () => {
    assert.deepEqual(await bindErrors('{"__proto__":{"title":"t","url":"u"}}'), {
      title: ['The title field is required.'], url: ['The url field is required.'],
    });
    const photo = await Photo.validateAndBind(jsonRequest('{"title":"t","url":"u","constructor":{"prototype":{"polluted":1}},"__proto__":{"polluted":1}}'));
    assert.deepEqual(photo.toJSON(), { title: 't', url: 'u' });
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('a model may declare a field named __proto__: it stays an attribute', () => {
    class Odd extends Model {
      static override fields = ['__proto__'];
    }
    const odd = new Odd(JSON.parse('{"__proto__":{"x":1}}') as Record<string, unknown>);
    assert.deepEqual(odd.get('__proto__'), { x: 1 });
    assert.equal(Object.getPrototypeOf(odd.toJSON()), Object.prototype);
  });

  it('fill() never runs a getter of its input', () => {
    const input = Object.defineProperty({ url: 'u' }, 'title', { enumerable: true, get() { throw new Error('getter ran'); } });
    assert.deepEqual(new Photo(input).toJSON(), { url: 'u' });
  });
});
