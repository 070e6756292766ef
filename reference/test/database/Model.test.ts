import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Model, type ModelClass } from '../../src/database/Model';
import { Request } from '../../src/http/Request';
import { ValidationError } from '../../src/validation/ValidationError';

class Post extends Model {
  static override rules = { title: 'required|string|max:50', published: 'boolean' };
  static override fields = ['summary'];
}

/** What an adapter's probe does: record, then defer to the framework. */
class TracedPost extends Post {
  static override validateAndBind<M extends Model>(this: ModelClass<M>, request: Request): M | Promise<M> {
    (request.attributes.get('trace') as string[]).push('bind:TracedPost');
    return super.validateAndBind(request) as M | Promise<M>;
  }
}

describe('Model', () => {
  it('validateAndBind can be overridden to observe binding', async () => {
    const request = Request.create('POST', '/', { body: { title: 'Traced' } });
    request.attributes.set('trace', []);
    const post = await TracedPost.validateAndBind(request);
    assert.ok(post instanceof TracedPost);
    assert.deepEqual(request.attributes.get('trace'), ['bind:TracedPost']);
  });

  it('validateAndBind hydrates declared fields from a JSON body', async () => {
    const post = await Post.validateAndBind(Request.create('POST', '/', { body: { title: 'Hello', summary: 'S', secret: 'x' } }));
    assert.ok(post instanceof Post);
    assert.equal(post.get('title'), 'Hello');
    assert.equal(post.get('summary'), 'S');
    assert.equal(post.get('secret'), undefined, 'only fillable fields');
    assert.deepEqual(post.toJSON(), { title: 'Hello', summary: 'S' });
  });

  it('reads form bodies and the query string, the body winning', async () => {
    const request = Request.create('POST', '/?title=FromQuery&published=1', {
      body: 'title=FromForm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const post = await Post.validateAndBind(request);
    assert.deepEqual(post.toJSON(), { title: 'FromForm', published: '1' });
    const fromQuery = await Post.validateAndBind(Request.create('GET', '/?title=Q'));
    assert.equal(fromQuery.get('title'), 'Q');
  });

  it('fails with a ValidationError (422) when the data is invalid', async () => {
    await assert.rejects(async () => Post.validateAndBind(Request.create('POST', '/', { body: { published: 'maybe' } })), (error: unknown) => {
      assert.ok(error instanceof ValidationError);
      assert.deepEqual(error.errors, {
        title: ['The title field is required.'],
        published: ['The published field must be true or false.'],
      });
      return true;
    });
  });

  it('can be filled and changed by hand', () => {
    const post = new Post({ title: 'A', other: 1 }).set('title', 'B');
    assert.deepEqual(post.toJSON(), { title: 'B' });
    assert.deepEqual(post.fillable(), ['title', 'published', 'summary']);
  });
});
