import { FormRequest, type Rules } from '../../src';
import { record } from '../Trace';

/** Protocol §4.4: `name` required non-empty string, `qty` optional integer. */
export class StoreItemRequest extends FormRequest {
  rules(): Rules {
    return { name: 'required|string', qty: 'integer' };
  }

  override validateResolved(): void | Promise<void> {
    record('validate:StoreItemRequest');
    return super.validateResolved();
  }
}
