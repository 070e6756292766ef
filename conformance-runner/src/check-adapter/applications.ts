import { HEADER_ERROR, HEADER_TRACE, type Info, type Manifest } from '../protocol';
import { brief, evidence, type Probe, type ProbeExchange } from './Probe';
import type { Evidence } from './types';

/**
 * How the adapter serves an application's requests (protocol §2.2, info `applications`), as
 * declared and as seen. A `per-request` adapter gets each distinct manifest loaded once and every
 * scenario with it sent to the same application: a claim that is false lets one scenario change
 * another's outcome (issue 38: an adapter with a stale response cache got 15 failures as
 * persistent, and 58 plus 4 errored when it claimed per-request). So the claim is checked before
 * anything relies on it, with a few requests whose answers cannot differ when it is true.
 */
export interface ApplicationsFinding {
  /** What the adapter declares (`persistent` when its info says nothing). */
  declared: 'per-request' | 'persistent';
  /**
   * `held`: per-request, and the same request answered the same (after other requests, and on
   * the same manifest loaded again); `failed`: it did not; `unchecked`: nothing to check
   * (persistent), or the probe could not load its applications.
   */
  claim: 'held' | 'failed' | 'unchecked';
  /** Whether an application answered with what another application answers: nothing it answers can then be judged. */
  mixed: boolean;
  /** What the run does: share applications only when the per-request claim held. */
  used: 'per-request' | 'persistent';
  /** Each deviation, a sentence an implementer can act on. */
  problems: string[];
  /** A note when nothing could be checked. */
  note?: string;
  evidence: Evidence[];
}

const VALUES = ['a', 'b'];
const OTHER_TEXT = 'fw-check: another application';

/** Routes whose answers depend on the request alone when the application is built afresh. */
function probeManifest(info: Info): Manifest {
  const declares = (c: string) => info.capabilities.includes(c as never);
  return {
    protocol: 2,
    routeFiles: {
      web: [
        { method: 'GET', uri: '/fw-check/claim/{value}', handler: { controller: 'EchoController', action: 'string' } },
        // A framework that keeps the controller once built (on its route) shows it in the trace.
        ...(declares('injection') ? [{ method: 'GET' as const, uri: '/fw-check/claim-injected/{id}', handler: { controller: 'InjectedController', action: 'show' } }] : []),
        ...(declares('middleware') ? [{ group: { middleware: ['WithClock'] }, routes: [{ method: 'GET' as const, uri: '/fw-check/claim-middleware', handler: { closure: 'text' as const, value: 'mw' } }] }] : []),
      ],
    },
  };
}

/** Another application at the same path, answering something else. */
const OTHER: Manifest = {
  protocol: 2,
  routeFiles: { web: [{ method: 'GET', uri: '/fw-check/claim/{value}', handler: { closure: 'text', value: OTHER_TEXT } }] },
};

/** What an answer is, for comparing two answers to the same request. */
function answerOf(ex: ProbeExchange): string {
  if (!ex.response) return `no answer (${ex.failure})`;
  const { status, headers, body } = ex.response;
  return JSON.stringify([status, headers['content-type'] ?? null, headers[HEADER_TRACE] ?? null, headers[HEADER_ERROR] ?? null, body]);
}

function shown(ex: ProbeExchange): string {
  const trace = ex.response?.headers[HEADER_TRACE];
  return `${brief(ex)}${trace !== undefined ? ` (X-Fw-Trace: ${JSON.stringify(trace)})` : ''}`;
}

/**
 * Sends the probe's requests and judges the claim. Every adapter is asked whether it keeps its
 * applications apart (protocol §3: two applications at one path, each must answer its own); a
 * per-request adapter also whether the same request answers the same after other requests, and
 * on the same manifest loaded again. Never throws for the adapter's answers. The applications it
 * loads are unloaded at the end.
 */
export async function probeApplications(probe: Probe, info: Info): Promise<ApplicationsFinding> {
  const declared = info.applications === 'per-request' ? 'per-request' : 'persistent';
  const problems: string[] = [];
  const seen: Evidence[] = [];
  const loaded: string[] = [];
  const unchecked = (note: string): ApplicationsFinding => ({ declared, claim: 'unchecked', mixed: false, used: declared, problems: [], note, evidence: seen });
  const load = async (manifest: Manifest): Promise<string | undefined> => {
    const ex = await probe.control('POST', 'apps', { body: manifest });
    const app = ex.response?.status === 201 ? (JSON.parse(ex.response.body) as { app?: unknown }).app : undefined;
    if (typeof app === 'string') {
      loaded.push(app);
      return app;
    }
    seen.push(evidence(ex));
    return undefined;
  };
  try {
    const manifest = probeManifest(info);
    const first = await load(manifest);
    const other = await load(OTHER);
    if (first === undefined || other === undefined) return unchecked('the applications of this check could not be loaded (other checks say why): nothing was checked');
    const paths = [
      ...VALUES.map((v) => `/fw-check/claim/${v}`),
      ...manifest.routeFiles.web.flatMap((s) => ('uri' in s && s.uri.includes('injected') ? ['/fw-check/claim-injected/7'] : [])),
      ...manifest.routeFiles.web.flatMap((s) => ('group' in s ? ['/fw-check/claim-middleware'] : [])),
    ];
    const ask = (path: string, app: string) => probe.app('GET', path, app);
    const before = new Map<string, ProbeExchange>();
    for (const path of paths) before.set(path, await ask(path, first));
    // Another application at the same path answers its own: a shared cache, or a mixed-up id, shows here.
    // Only an answer of the first application's route tells: an adapter whose routes do not answer
    // at all (other checks say why) cannot show whether it mixes them up.
    const another = await ask(paths[0]!, other);
    const firstAnswer = before.get(paths[0]!)!;
    const mixed = firstAnswer.response?.status === 200 && another.response?.body !== OTHER_TEXT && answerOf(another) === answerOf(firstAnswer);
    if (mixed) {
      seen.push(evidence(firstAnswer), evidence(another));
      problems.push(`§3: two applications define GET /fw-check/claim/{value}; the second, a text closure, must answer 200 "${OTHER_TEXT}", but it answered ` +
        `${shown(another)}, the first application's answer: an adapter must keep its applications apart (a response cache, or an application id mixed up, makes every answer of the run suspect)`);
    }
    if (declared === 'per-request') {
      // Again, after other requests: an application built afresh for each cannot tell.
      for (const path of paths) {
        const again = await ask(path, first);
        if (answerOf(again) !== answerOf(before.get(path)!)) {
          seen.push(evidence(before.get(path)!), evidence(again));
          problems.push(`§2.2: the adapter declares "applications": "per-request", but GET ${path} answered ${shown(before.get(path)!)} and, after other requests, ${shown(again)}: ` +
            'state survives from one request to the next');
        }
      }
      // The same manifest loaded again is the same application (the runner loads each one once).
      const reloaded = await load(manifest);
      if (reloaded !== undefined) {
        const fresh = await ask(paths[0]!, reloaded);
        if (answerOf(fresh) !== answerOf(before.get(paths[0]!)!)) {
          seen.push(evidence(fresh));
          problems.push(`§2.2: the adapter declares "applications": "per-request", but the same manifest loaded again answers GET ${paths[0]} with ${shown(fresh)} ` +
            `where the first answered ${shown(before.get(paths[0]!)!)}: an application that served other requests can be told from a new one`);
        }
      }
    }
    const claim = declared === 'persistent' ? 'unchecked' : problems.length === 0 ? 'held' : 'failed';
    return { declared, claim, mixed, used: claim === 'failed' ? 'persistent' : declared, problems, evidence: seen };
  } finally {
    await Promise.all(loaded.map((app) => probe.control('DELETE', `apps/${encodeURIComponent(app)}`)));
  }
}

/** What the run says about it, in one sentence; undefined when there is nothing to say. */
export function applicationsConsequence(finding: ApplicationsFinding): string | undefined {
  if (finding.claim === 'failed') {
    return 'the adapter declares "applications": "per-request" but does not behave so (adapter check "applications"): the run loads a fresh application for every ' +
      'scenario and property case instead, as for a persistent adapter, so the claim changes no result; declare "persistent", or build the application afresh for every request (protocol §2.2)';
  }
  if (finding.mixed) {
    return 'the adapter answers a request of one application with another\'s answer (adapter check "applications"): no failure of the run can be judged, ' +
      'each is reported as the adapter\'s error';
  }
  return undefined;
}
