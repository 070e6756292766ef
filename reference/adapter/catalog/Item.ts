import { Model, type ModelClass, type Request, type Rules } from '../../src';
import { record } from '../Trace';

/** Protocol §4.4: fields `name` (required non-empty string) and `qty` (optional integer). */
export class Item extends Model {
  static override rules: Rules = { name: 'required|string', qty: 'integer' };

  static override validateAndBind<M extends Model>(this: ModelClass<M>, request: Request): M | Promise<M> {
    record('bind:Item');
    return Model.validateAndBind.call(this, request) as M | Promise<M>;
  }
}
