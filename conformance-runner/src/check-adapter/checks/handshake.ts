import { CAPABILITIES, PROTOCOL_VERSION, type Info } from '../../protocol';
import { rememberAccidentalApp, type Check, type CheckContext } from '../Check';
import type { Findings } from '../Findings';
import { UNKNOWN_APP } from '../manifests';
import type { TokenUse } from '../Probe';

const info: Check = {
  id: 'info',
  section: '§2.2',
  title: 'GET /__fw/info answers 200 with a valid info message for protocol 2',
  async run(ctx, f) {
    const ex = await ctx.probe.control('GET', 'info');
    const body = f.expectMessage<Info>(ex, 200, 'info', '{"protocol":2,"implementation":{...},"capabilities":[...]}');
    if (!body) return undefined;
    if (body.protocol !== PROTOCOL_VERSION) {
      f.fail(`§6: this runner implements protocol ${PROTOCOL_VERSION}; the adapter declares protocol ${body.protocol}`);
    }
    const type = ex.response?.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type)) f.warn(`§2: control answers are JSON; Content-Type is ${type === '' ? 'missing' : `"${type}"`}, expected application/json`);
    if (!body.capabilities.includes('routing')) {
      f.warn('§5: the capabilities do not include "routing", which every scenario needs: the whole suite would be reported unsupported');
    }
    const missing = CAPABILITIES.filter((c) => !body.capabilities.includes(c));
    const { name, version, language } = body.implementation;
    return `${name} ${version} (${language}), protocol ${body.protocol}, ` +
      (missing.length === 0 ? 'all capabilities' : `capabilities missing: ${missing.join(', ')}`);
  },
};

/** 401 kind auth both without and with a wrong token. */
async function refusesBadTokens(f: Findings, call: (auth: TokenUse) => ReturnType<CheckContext['probe']['control']>, ctx: CheckContext): Promise<string> {
  for (const auth of ['no token', 'wrong token'] as const) {
    const ex = await call(auth);
    rememberAccidentalApp(ctx, ex);
    f.expectError(ex, 401, 'auth');
  }
  return 'refused without a token and with a wrong one';
}

const authInfo: Check = {
  id: 'auth.info',
  section: '§2',
  title: 'GET /__fw/info refuses a missing or wrong token with 401 kind auth',
  run: (ctx, f) => refusesBadTokens(f, (auth) => ctx.probe.control('GET', 'info', { auth }), ctx),
};

const authApps: Check = {
  id: 'auth.apps',
  section: '§2',
  title: 'POST /__fw/apps refuses a missing or wrong token with 401 kind auth',
  run: (ctx, f) => refusesBadTokens(f, (auth) => ctx.probe.control('POST', 'apps', {
    auth, body: { protocol: 2, routeFiles: { web: [] } },
  }), ctx),
};

const authUrl: Check = {
  id: 'auth.url',
  section: '§2',
  title: 'POST /__fw/url refuses a missing or wrong token with 401 kind auth',
  run: (ctx, f) => refusesBadTokens(f, (auth) => ctx.probe.control('POST', 'url', {
    auth, body: { app: UNKNOWN_APP, name: 'fw-check.none', params: {} },
  }), ctx),
};

const authDelete: Check = {
  id: 'auth.delete',
  section: '§2',
  title: 'DELETE /__fw/apps/{id} refuses a missing or wrong token with 401 kind auth',
  run: (ctx, f) => refusesBadTokens(f, (auth) => ctx.probe.control('DELETE', `apps/${UNKNOWN_APP}`, { auth }), ctx),
};

const notFound: Check = {
  id: 'not-found',
  section: '§2',
  title: 'an unknown control path answers 404 kind not-found',
  async run(ctx, f) {
    const ex = await ctx.probe.control('GET', 'fw-check-no-such-call');
    return f.expectError(ex, 404, 'not-found') ? 'GET /__fw/fw-check-no-such-call → 404 not-found' : undefined;
  },
};

export const handshakeChecks: Check[] = [info, authInfo, authApps, authUrl, authDelete, notFound];
