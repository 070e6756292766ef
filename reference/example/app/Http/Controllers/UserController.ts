import { Controller, defineActions, param } from '../../../../src';
import { StoreUserRequest } from '../Requests/StoreUserRequest';

export class UserController extends Controller {
  static actions = defineActions<UserController>({
    store: [param.of('request', StoreUserRequest)],
    show: [param.int('id')],
  });

  /** Runs only once StoreUserRequest has validated. */
  store(request: StoreUserRequest) {
    return this.json({ created: request.validated() }, 201);
  }

  show(id: number) {
    return { id, name: `User ${id}` };
  }
}
