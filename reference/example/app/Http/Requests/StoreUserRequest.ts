import { FormRequest, type Rules } from '../../../../src';

/** Validated before UserController@store runs; a failure answers 422. */
export class StoreUserRequest extends FormRequest {
  rules(): Rules {
    return {
      name: 'required|string|max:50',
      email: 'required|email',
      age: 'integer|min:13',
    };
  }

  override messages(): Record<string, string> {
    return { 'age.min': 'You must be at least 13 years old.' };
  }
}
