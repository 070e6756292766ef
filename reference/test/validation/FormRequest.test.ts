import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Container } from '../../src/container/Container';
import { Request } from '../../src/http/Request';
import { FormRequest } from '../../src/validation/FormRequest';
import { ValidationError } from '../../src/validation/ValidationError';

class Clock {
  now() {
    return 7;
  }
}

class StoreUserRequest extends FormRequest {
  rules() {
    return { name: 'required|string|max:10', email: 'required|email' };
  }
  override messages() {
    return { 'email.required': 'We need your email.' };
  }
}

class WithService extends FormRequest {
  static override inject = [Request, Clock] as const;
  constructor(
    request: Request,
    readonly clock: Clock,
  ) {
    super(request);
  }
  rules() {
    return {};
  }
}

function scopeFor(request: Request): Container {
  const scope = new Container().scope();
  scope.instance(Request, request);
  return scope;
}

describe('FormRequest', () => {
  it('is built by the container with the current request', () => {
    const request = Request.create('POST', '/', { body: { name: 'Ada' } });
    const form = scopeFor(request).make(StoreUserRequest);
    assert.equal(form.request, request);
    assert.equal(form.input('name'), 'Ada');
  });

  it('validateResolved() passes and exposes validated()', async () => {
    const request = Request.create('POST', '/?ignored=1', { body: { name: 'Ada', email: 'ada@example.com', admin: true } });
    const form = scopeFor(request).make(StoreUserRequest);
    await form.validateResolved();
    assert.deepEqual(form.validated(), { name: 'Ada', email: 'ada@example.com' });
    assert.deepEqual(form.all(), { ignored: '1', name: 'Ada', email: 'ada@example.com', admin: true });
  });

  it('validateResolved() throws a ValidationError with every message', async () => {
    const form = scopeFor(Request.create('POST', '/', { body: { name: 'far too long a name' } })).make(StoreUserRequest);
    await assert.rejects(async () => form.validateResolved(), (error: unknown) => {
      assert.ok(error instanceof ValidationError);
      assert.equal(error.status, 422);
      assert.deepEqual(error.errors, {
        name: ['The name field must not be greater than 10 characters.'],
        email: ['We need your email.'],
      });
      assert.deepEqual(JSON.parse(error.toResponse().text()), {
        message: 'The given data was invalid.',
        errors: error.errors,
      });
      return true;
    });
  });

  it('validated() before validation is an error', () => {
    assert.throws(() => scopeFor(Request.create('GET', '/')).make(StoreUserRequest).validated(), /has not been validated/);
  });

  it('subclasses may inject more services', () => {
    const form = scopeFor(Request.create('GET', '/')).make(WithService);
    assert.equal(form.clock.now(), 7);
  });
});
