import { Controller, defineActions, param, Request } from '../../../../../src';

/** Reached through the "admin" group: prefix /admin, middleware Authenticate. */
export class DashboardController extends Controller {
  static actions = defineActions<DashboardController>({
    index: [param.of('request', Request)],
  });

  index(request: Request) {
    return { user: request.attributes.get('user'), route: request.route?.getName() };
  }
}
