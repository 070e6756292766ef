import { HEADER_ERROR } from '../../protocol';
import { loadApp, type Check } from '../Check';
import { what } from '../Findings';
import { ROUTE_FILES } from '../manifests';
import { brief } from '../Probe';

const loaded: Check = {
  id: 'route-files.loaded',
  section: '§2.3',
  title: 'route files named in bootstrap and providers are loaded, after web',
  needs: ['route-files'],
  async run(ctx, f) {
    const result = await loadApp(ctx, f, ROUTE_FILES);
    if (result === undefined) return undefined;
    ctx.apps['route-files'] = result.app;
    for (const [file, path, text] of [['web', '/fw-check/web', 'web'], ['boot (bootstrap)', '/fw-check/bootstrap', 'bootstrap'], ['prov (providers)', '/fw-check/provider', 'provider']]) {
      const ex = await ctx.probe.app('GET', path, result.app);
      f.see(ex);
      if (ex.response?.status !== 200 || ex.response.body !== text) {
        f.fail(`§2.3: route file ${file} must be loaded, so ${what(ex)} must answer 200 "${text}"; got ${brief(ex)}`);
      }
    }
    return 'web, bootstrap and providers routes answer';
  },
};

const unlisted: Check = {
  id: 'route-files.unlisted',
  section: '§2.3',
  title: 'a route file named in neither bootstrap nor providers is not loaded',
  needs: ['route-files'],
  uses: ['route-files'],
  async run(ctx, f) {
    const ex = await ctx.probe.app('GET', '/fw-check/unlisted', ctx.apps['route-files']);
    f.see(ex);
    if (!ex.response) f.fail(`§2.3: ${what(ex)} got ${brief(ex)}`);
    else if (ex.response.headers[HEADER_ERROR] !== undefined) f.fail(`§3: the adapter answered ${what(ex)} itself (X-Fw-Error); it must reach the application`);
    else if (ex.response.status === 200) {
      f.fail('§2.3: route file "unlisted" is in routeFiles but named in neither bootstrap nor providers, so it must not be loaded ' +
        `(only routes/web loads by default); GET /fw-check/unlisted answered ${brief(ex)}`);
    }
    return `GET /fw-check/unlisted → ${ex.response?.status}`;
  },
};

export const routeFileChecks: Check[] = [loaded, unlisted];
