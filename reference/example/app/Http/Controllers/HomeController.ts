import { Controller, defineActions, escapeHtml, param, UrlGenerator } from '../../../../src';

export class HomeController extends Controller {
  // Constructor injection: the container passes the URL generator.
  static inject = [UrlGenerator] as const;

  constructor(private readonly url: UrlGenerator) {
    super();
  }

  static actions = defineActions<HomeController>({
    hello: [param.string('name')],
  });

  index() {
    return this.view('welcome', {
      links: [
        ['Photos (JSON)', this.url.route('photos.index')],
        ['Create a photo (form)', this.url.route('photos.create')],
        ['Photo #1', this.url.route('photos.show', { id: 1 })],
        ['Say hello', this.url.route('hello', { name: 'Ada Lovelace', lang: 'en' })],
      ],
    });
  }

  /** A string return value becomes a text/html response, so user input is escaped. */
  hello(name: string) {
    return `Hello, ${escapeHtml(name)}!`;
  }
}
