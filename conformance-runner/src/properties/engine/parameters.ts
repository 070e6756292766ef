import { DEFAULT_WORLD_PARAMETERS, type TargetAddress, type WorldParameters } from '../../protocol';

function address(value: unknown, what: string): TargetAddress {
  const t = value as Partial<TargetAddress> | undefined;
  if (!t || typeof t.url !== 'string' || typeof t.token !== 'string') {
    throw new Error(`worldParameters.${what} must be {"url": "http://...", "token": "..."}; got ${JSON.stringify(value)}`);
  }
  try {
    new URL(t.url);
  } catch {
    throw new Error(`worldParameters.${what}.url is not a URL: ${JSON.stringify(t.url)}`);
  }
  return { url: t.url, token: t.token };
}

function integer(value: unknown, what: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new Error(`worldParameters.${what} must be an integer >= ${min}; got ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * World parameters as the properties need them (conformance-runner/src/protocol/world.ts),
 * validated with messages a user can act on; absent seed, runs and timeout take the defaults.
 */
export function propertyParameters(raw: Partial<WorldParameters> | undefined): WorldParameters {
  const p = raw ?? {};
  const out: WorldParameters = {
    target: address(p.target, 'target'),
    requestTimeoutMs: integer(p.requestTimeoutMs, 'requestTimeoutMs', DEFAULT_WORLD_PARAMETERS.requestTimeoutMs, 1),
    // fast-check seeds are 32-bit integers, possibly negative.
    seed: integer(p.seed, 'seed', DEFAULT_WORLD_PARAMETERS.seed, -(2 ** 31)),
    numRuns: integer(p.numRuns, 'numRuns', DEFAULT_WORLD_PARAMETERS.numRuns, 1),
  };
  if (p.capabilities !== undefined) {
    if (!Array.isArray(p.capabilities) || !p.capabilities.every((c) => typeof c === 'string')) {
      throw new Error(`worldParameters.capabilities must be a list of strings; got ${JSON.stringify(p.capabilities)}`);
    }
    out.capabilities = p.capabilities;
  }
  if (p.replayPath !== undefined && p.replayPath !== null) out.replayPath = String(p.replayPath);
  if (p.replay !== undefined && p.replay !== null) {
    const ok = typeof p.replay === 'object' && !Array.isArray(p.replay) &&
      Object.values(p.replay).every((list) => Array.isArray(list) && list.every((c) => c !== null && typeof c === 'object' && 'input' in c));
    if (!ok) throw new Error('worldParameters.replay must map property scenario ids to lists of {"input": ...}');
    out.replay = p.replay;
  }
  if (p.oracle !== undefined && p.oracle !== null) out.oracle = address(p.oracle, 'oracle');
  if (p.shareApps !== undefined && p.shareApps !== null) out.shareApps = { unloadAtEnd: p.shareApps.unloadAtEnd === true };
  if (p.unloadWithLoad === true) out.unloadWithLoad = true;
  if (p.urlBatches === true) out.urlBatches = true;
  if (typeof p.run === 'string') out.run = p.run;
  if (Number.isInteger(p.concurrency) && p.concurrency! > 1) out.concurrency = p.concurrency;
  return out;
}
