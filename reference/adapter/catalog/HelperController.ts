import { Controller } from '../../src';
import { record } from '../Trace';

/** Protocol §4.2: each protected helper of the base controller, with and without defaults. */
export class HelperController extends Controller {
  responseContent() { this.trace('responseContent'); return this.response('helper'); }
  responseFull() { this.trace('responseFull'); return this.response('made', 201, { 'X-Probe': 'helper' }); }
  responseFactory() { this.trace('responseFactory'); return this.response().json({ factory: true }, 201); }
  jsonDefault() { this.trace('jsonDefault'); return this.json(); }
  jsonFull() { this.trace('jsonFull'); return this.json({ a: 1 }, 202, { 'X-Probe': 'helper' }); }
  redirectDefault() { this.trace('redirectDefault'); return this.redirect('/target'); }
  redirectStatus() { this.trace('redirectStatus'); return this.redirect('/target', 307); }
  viewDefault() { this.trace('viewDefault'); return this.view('hello', { name: 'World' }); }
  viewFull() { this.trace('viewFull'); return this.view('hello', { name: '<b>' }, 203, { 'X-Probe': 'helper' }); }

  introspect() {
    this.trace('introspect');
    // `in` sees inherited and protected members alike: TypeScript's `protected` is erased at run time.
    return { validate: 'validate' in this, authorize: 'authorize' in this, middleware: 'middleware' in this };
  }

  private trace(method: string): void {
    record(`action:HelperController@${method}`);
  }
}
