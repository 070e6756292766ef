import { HEADER_ERROR, HEADER_UNLOAD } from '../../protocol';
import { loadApp, rememberAccidentalApp, type Check } from '../Check';
import { HELLO_TEXT, MINIMAL, UNBALANCED_BRACE, UNKNOWN_APP } from '../manifests';
import { brief } from '../Probe';

const bootError: Check = {
  id: 'boot-error',
  section: '§2.3',
  title: 'a route definition the framework rejects (unbalanced brace) answers 422 kind boot with its message',
  async run(ctx, f) {
    const ex = await ctx.probe.control('POST', 'apps', { body: UNBALANCED_BRACE });
    if (ex.response?.status === 201) {
      rememberAccidentalApp(ctx, ex);
      f.see(ex);
      f.warn('the framework accepted the route "/fw-check/{broken", so boot-error reporting could not be checked. If it rejects a route ' +
        'definition, POST /__fw/apps must answer 422 {"error":{"kind":"boot","message":<the framework\'s message>}}');
      return undefined;
    }
    const error = f.expectError(ex, 422, 'boot');
    return error ? `422 boot: ${error.message}` : undefined;
  },
};

const deleteApp: Check = {
  id: 'delete',
  section: '§2',
  title: 'DELETE /__fw/apps/{id} answers 204 and the application is gone',
  uses: ['minimal'],
  async run(ctx, f) {
    const app = ctx.apps.minimal!;
    const ex = await ctx.probe.control('DELETE', `apps/${encodeURIComponent(app)}`);
    if (!f.expectStatus(ex, 204, '(no body)')) return undefined;
    ctx.loaded.delete(app);
    if (ex.response?.body !== '') f.warn(`204 has no body; got ${JSON.stringify(ex.response?.body)}`);
    const after = await ctx.probe.app('GET', '/fw-check/hello', app);
    f.see(after);
    if (after.response?.headers[HEADER_ERROR] === undefined) {
      f.fail(`§3: after DELETE, "${app}" is an unknown app id, so a request for it must get X-Fw-Error; got ${brief(after)}`);
    }
    return `204, then X-Fw-Error: ${after.response?.headers[HEADER_ERROR]}`;
  },
};

const deleteUnknown: Check = {
  id: 'delete.unknown',
  section: '§2',
  title: 'DELETE /__fw/apps/{id} of an unknown id answers 404 kind app',
  async run(ctx, f) {
    const ex = await ctx.probe.control('DELETE', `apps/${UNKNOWN_APP}`);
    return f.expectError(ex, 404, 'app') ? '404 app' : undefined;
  },
};

const unloadWithLoad: Check = {
  id: 'unload-with-load',
  section: '§2.3',
  title: 'POST /__fw/apps with X-Fw-Unload unloads the applications it names, and ignores an id it does not hold (info unloadWithLoad)',
  skipUnless: (ctx) => (ctx.info.unloadWithLoad === true ? undefined : 'the adapter does not declare unloadWithLoad (§2.2): the runner deletes every application itself'),
  async run(ctx, f) {
    const first = await loadApp(ctx, f, MINIMAL);
    if (!first) return undefined;
    const ex = await ctx.probe.control('POST', 'apps', { body: MINIMAL, headers: { [HEADER_UNLOAD]: `${first.app},${UNKNOWN_APP}` } });
    const second = f.expectMessage<{ app: string }>(ex, 201, 'app-loaded', '{"app":"<id>","routes":<n>}');
    if (!second) return undefined;
    ctx.loaded.add(second.app);
    const gone = await ctx.probe.app('GET', '/fw-check/hello', first.app);
    f.see(gone);
    if (gone.response?.headers[HEADER_ERROR] === undefined) {
      f.fail(`§2.3: "${first.app}" was named in X-Fw-Unload, so it is an unknown app id and a request for it must get X-Fw-Error; got ${brief(gone)}`);
    } else {
      ctx.loaded.delete(first.app);
    }
    const kept = await ctx.probe.app('GET', '/fw-check/hello', second.app);
    f.see(kept);
    if (kept.response?.status !== 200 || kept.response.body !== HELLO_TEXT) {
      f.fail(`the application loaded along with the unloading must serve its routes: GET /fw-check/hello should answer 200 "${HELLO_TEXT}"; got ${brief(kept)}`);
    }
    return `the named application is gone (X-Fw-Error: ${gone.response?.headers[HEADER_ERROR]}); the new one answers`;
  },
};

export const lifecycleChecks: Check[] = [bootError, deleteApp, deleteUnknown, unloadWithLoad];
