import { defineActions, param, ResponseFactory } from '../../src';
import { record } from '../Trace';

/** Protocol §4.2: each ResponseFactory method, the factory injected from the container. */
export class FactoryController {
  static actions = defineActions<FactoryController>({
    json: [param.of('factory', ResponseFactory)],
    text: [param.of('factory', ResponseFactory)],
    noContent: [param.of('factory', ResponseFactory)],
    view: [param.of('factory', ResponseFactory)],
    redirect: [param.of('factory', ResponseFactory)],
    redirectRoute: [param.of('factory', ResponseFactory)],
    success: [param.of('factory', ResponseFactory)],
    created: [param.of('factory', ResponseFactory)],
    error: [param.of('factory', ResponseFactory)],
    validationError: [param.of('factory', ResponseFactory)],
    notFound: [param.of('factory', ResponseFactory)],
  });

  json(f: ResponseFactory) { this.trace('json'); return f.json({ via: 'factory' }); }
  text(f: ResponseFactory) { this.trace('text'); return f.text('plain text'); }
  noContent(f: ResponseFactory) { this.trace('noContent'); return f.noContent(); }
  view(f: ResponseFactory) { this.trace('view'); return f.view('hello', { name: 'Factory' }); }
  redirect(f: ResponseFactory) { this.trace('redirect'); return f.redirect('/target'); }
  redirectRoute(f: ResponseFactory) { this.trace('redirectRoute'); return f.redirectRoute('target', { id: 7 }); }
  success(f: ResponseFactory) { this.trace('success'); return f.success({ id: 1 }); }
  created(f: ResponseFactory) { this.trace('created'); return f.created({ id: 2 }); }
  error(f: ResponseFactory) { this.trace('error'); return f.error('Something failed'); }
  validationError(f: ResponseFactory) { this.trace('validationError'); return f.validationError({ name: ['The name field is required.'] }); }
  notFound(f: ResponseFactory) { this.trace('notFound'); return f.notFound(); }

  private trace(method: string): void {
    record(`action:FactoryController@${method}`);
  }
}
