import { HEADER_ERROR, HEADER_EXCEPTION, HEADER_TRACE, type EchoBody } from '../../protocol';
import { loadApp, type Check } from '../Check';
import { what, type ErrorBody } from '../Findings';
import { ECHO_ROUTE_NAME, echoManifest, HELLO_TEXT, UNKNOWN_APP } from '../manifests';
import { brief } from '../Probe';
import { describeViolation, firstViolation } from '../../protocol/schemas';

const request: Check = {
  id: 'app.request',
  section: '§3',
  title: 'an application request with X-Fw-App reaches the loaded application',
  uses: ['minimal'],
  async run(ctx, f) {
    const ex = await ctx.probe.app('GET', '/fw-check/hello', ctx.apps.minimal);
    if (ex.response?.headers[HEADER_ERROR] !== undefined) {
      f.see(ex);
      f.fail(`§3: ${what(ex)} must reach the application loaded under that id; the adapter answered it itself with X-Fw-Error: ${ex.response.headers[HEADER_ERROR]} (${brief(ex)})`);
      return undefined;
    }
    if (!f.expectStatus(ex, 200, `with the body "${HELLO_TEXT}" (route GET /fw-check/hello → closure text)`)) return undefined;
    if (ex.response?.body !== HELLO_TEXT) {
      f.fail(`§2.3: the closure {"closure":"text","value":"${HELLO_TEXT}"} returns that string; the body was ${JSON.stringify(ex.response?.body)}`);
    }
    if (ex.response?.headers[HEADER_EXCEPTION] !== undefined) {
      f.see(ex);
      f.warn(`§3.3: X-Fw-Exception goes with a 5xx that the framework's exception handler made; this 200 carries it (${JSON.stringify(ex.response.headers[HEADER_EXCEPTION]!.slice(0, 200))}): ` +
        'the runner does not show it on an answer that is not a 5xx');
    }
    return `200 "${HELLO_TEXT}"`;
  },
};

const trace: Check = {
  id: 'app.trace',
  section: '§3',
  title: 'the response carries X-Fw-Trace: closure:text',
  uses: ['minimal'],
  async run(ctx, f) {
    const ex = await ctx.probe.app('GET', '/fw-check/hello', ctx.apps.minimal);
    f.see(ex);
    const header = ex.response?.headers[HEADER_TRACE];
    if (!ex.response) f.fail(`§3: ${what(ex)} got ${brief(ex)}`);
    else if (header === undefined) f.fail('§3: the adapter adds X-Fw-Trace to every response of the application; it is missing');
    else if (header !== 'closure:text') f.fail(`§3: a text closure ran and nothing else, so X-Fw-Trace must be "closure:text"; got ${JSON.stringify(header)}`);
    return 'X-Fw-Trace: closure:text';
  },
};

const traceEmpty: Check = {
  id: 'app.trace-empty',
  section: '§3',
  title: 'a request that matches no route carries an empty X-Fw-Trace and no X-Fw-Error',
  uses: ['minimal'],
  async run(ctx, f) {
    const ex = await ctx.probe.app('GET', '/fw-check/no-such-route', ctx.apps.minimal);
    f.see(ex);
    if (!ex.response) {
      f.fail(`§3: ${what(ex)} got ${brief(ex)}`);
      return undefined;
    }
    const { status, headers } = ex.response;
    if (headers[HEADER_ERROR] !== undefined) {
      f.fail(`§3: an unmatched path is the framework's business (its 404), so the adapter must pass it through; it answered with X-Fw-Error: ${headers[HEADER_ERROR]}`);
    }
    const header = headers[HEADER_TRACE];
    if (header === undefined) f.warn('§3: X-Fw-Trace is missing; the adapter should add it to every application response, empty when nothing of the catalog ran');
    else if (header.trim() !== '') f.fail(`§3: nothing of the catalog runs for an unmatched path, so X-Fw-Trace must be empty; got ${JSON.stringify(header)}`);
    if (status !== 404) f.note(`the framework answered ${status} for a path no route matches; the spec requires 404 (the suite will report it as a failed rule)`);
    return `${status}, X-Fw-Trace empty`;
  },
};

const unknownApp: Check = {
  id: 'app.unknown-id',
  section: '§3',
  title: 'an application request for an unknown X-Fw-App id is answered by the adapter with X-Fw-Error',
  async run(ctx, f) {
    const ex = await ctx.probe.app('GET', '/fw-check/hello', UNKNOWN_APP);
    f.see(ex);
    if (!ex.response) {
      f.fail(`§3: ${what(ex)} got ${brief(ex)}`);
      return undefined;
    }
    const header = ex.response.headers[HEADER_ERROR];
    if (header === undefined) {
      f.fail(`§3: no application is loaded under "${UNKNOWN_APP}", so the adapter must answer itself, with the header X-Fw-Error: <kind> and an error message (§2.1); got ${brief(ex)} without X-Fw-Error`);
      return undefined;
    }
    const body = f.parse<{ error: ErrorBody }>(ex, 'error', '{"error":{"kind":"app",...}}');
    if (!body) return undefined;
    if (body.error.kind !== 'app') f.warn(`§2: an unknown app id is kind "app" everywhere else in the protocol; got kind "${body.error.kind}"`);
    if (header !== body.error.kind) f.warn(`§3: X-Fw-Error should name the error's kind; header "${header}", body kind "${body.error.kind}"`);
    return `${ex.response.status}, X-Fw-Error: ${header}`;
  },
};

const echo: Check = {
  id: 'echo',
  section: '§4.2',
  title: 'a route to EchoController@string answers an echo body valid against echo.schema.json',
  async run(ctx, f) {
    const named = ctx.declares('named-routes');
    const loaded = await loadApp(ctx, f, echoManifest(named));
    if (loaded === undefined) return undefined;
    ctx.apps.echo = loaded.app;
    const ex = await ctx.probe.app('GET', '/fw-check/echo/fw-check-42', loaded.app);
    const shape = '{"action":"EchoController@string","params":{"value":{"type":"string","value":"fw-check-42"}}}';
    if (!f.expectStatus(ex, 200, shape)) return undefined;
    // Values the framework passed its own way (a type name outside §4.1, a number as a string) are
    // the framework's behaviour, which the scenarios judge: a note here, never the adapter's fault.
    const loose = echoShape(ex.response?.body ?? '');
    const violation = loose !== undefined ? firstViolation('echo', loose) : null;
    const body = loose !== undefined && violation !== null ? loose : f.parse<EchoBody>(ex, 'echo', shape);
    if (!body) return undefined;
    if (violation !== null) f.note(`§4.1: the echo's values are not of the types §4.1 names (${describeViolation('echo', violation)}): what the framework passed, judged by the suite's scenarios`);
    if (!('action' in body) || body.action !== 'EchoController@string') {
      f.fail(`§4.1: the echo body's "action" must be "EchoController@string"; got ${JSON.stringify('action' in body ? body.action : body)}`);
      return undefined;
    }
    const value = body.params.value;
    if (value === undefined || value.type !== 'string' || value.value !== 'fw-check-42') {
      f.note(`§4.1: expected params {"value":{"type":"string","value":"fw-check-42"}}; got ${JSON.stringify(body.params)} (the suite's injection scenarios will tell more)`);
    }
    const tokens = (ex.response?.headers[HEADER_TRACE] ?? '').split(',');
    if (!tokens.includes('action:EchoController@string')) {
      f.fail(`§3: when a catalog action runs, X-Fw-Trace must contain "action:EchoController@string"; got ${JSON.stringify(ex.response?.headers[HEADER_TRACE] ?? null)}`);
    }
    return `echo ${JSON.stringify(body)}${named ? `, route named ${ECHO_ROUTE_NAME}` : ''}`;
  },
};

export const applicationChecks: Check[] = [request, trace, traceEmpty, unknownApp, echo];

/** An echo of the right shape (action and typed values), whatever its types: undefined otherwise. */
function echoShape(text: string): EchoBody | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (data === null || typeof data !== 'object' || typeof (data as { action?: unknown }).action !== 'string') return undefined;
  const params = (data as { params?: unknown }).params;
  if (params === null || typeof params !== 'object') return undefined;
  const typed = Object.values(params).every((v) => v !== null && typeof v === 'object' && 'type' in v && 'value' in v);
  return typed ? (data as EchoBody) : undefined;
}
