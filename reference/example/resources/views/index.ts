import { escapeHtml as e, type Application, type ViewData } from '../../../src';

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>\n<html><head><meta charset="UTF-8"><title>${e(title)}</title></head><body>${body}</body></html>\n`;
}

function welcome(data: ViewData): string {
  const links = (data['links'] as Array<[string, string]>).map(([label, href]) => `<li><a href="${e(href)}">${e(label)}</a></li>`);
  return layout('Reference framework', `<h1>It works</h1><ul>${links.join('')}</ul>`);
}

function photoForm(data: ViewData): string {
  return layout(
    'Photo',
    `<form method="post" action="${e(data['action'])}">` +
      `<label>Title <input name="title" value="${e(data['title'])}"></label>` +
      `<label>URL <input name="url" value="${e(data['url'])}"></label>` +
      `<button>Save</button></form>`,
  );
}

/** The views registry: name → synchronous render function. */
export function registerViews(app: Application): void {
  app.view('welcome', welcome).view('photos.form', photoForm);
}
