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
      if (ex.response?.headers[HEADER_ERROR] !== undefined || !ex.response) {
        f.fail(`§3: ${what(ex)} must reach the application; got ${brief(ex)}`);
      } else if (ex.response.status !== 200 || ex.response.body !== text) {
        // The adapter hands the file to the framework's loading mechanism; what the framework then does is under test.
        f.note(`route file ${file} should be loaded, so ${what(ex)} should answer 200 "${text}"; got ${brief(ex)} (the suite's route-file scenarios will tell more)`);
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
      f.note('route file "unlisted" is in routeFiles but named in neither bootstrap nor providers, so it should not be loaded ' +
        `(only routes/web loads by default); GET /fw-check/unlisted answered ${brief(ex)} (the suite's route-file scenarios will tell more)`);
    }
    return `GET /fw-check/unlisted → ${ex.response?.status}`;
  },
};

export const routeFileChecks: Check[] = [loaded, unlisted];
