import { diagnoseBoot } from '../attribution/diagnoseBoot';
import { AdapterClient, targetClientOptions, UnsupportedError, type ClientSharing, type WorldParameters } from '../protocol';
import { propertyNamed, runProperty, type PropertyResult } from '../properties';
import { replayCases } from '../properties/corpus/corpus';
import { scenarioIdOf } from './wire';

const CAPABILITY_TAG = '@capability:';

/** What checking a property came to: a result, or the capability the target lacks for it. */
export type Checked =
  | { kind: 'result'; result: PropertyResult }
  | { kind: 'unsupported'; capability: string; message: string };

/**
 * Runs one property with its own clients (its exchanges never mix with a scenario's), in whatever
 * thread calls it: the property's step, or the background worker (BackgroundProperties.ts).
 * `sharing`: what its client shares with the thread's other clients of the run (applications
 * loaded once, the tally of misplaced X-Fw-Exception headers).
 */
export async function checkProperty(name: string, params: WorldParameters, tags: readonly string[], sharing?: ClientSharing): Promise<Checked> {
  const def = propertyNamed(name);
  const client = new AdapterClient(targetClientOptions(params, sharing));
  const oracle = params.oracle ? new AdapterClient({ ...params.oracle, requestTimeoutMs: params.requestTimeoutMs }) : undefined;
  try {
    const needed = new Set<string>(def.capabilities);
    for (const tag of tags) if (tag.startsWith(CAPABILITY_TAG)) needed.add(tag.slice(CAPABILITY_TAG.length));
    const declared = params.capabilities ?? (await client.info()).capabilities;
    const missing = [...needed].filter((c) => !declared.includes(c as never));
    if (missing.length > 0) return { kind: 'unsupported', capability: missing[0]!, message: `the target does not declare ${missing.map((c) => `"${c}"`).join(', ')}` };
    let result: PropertyResult;
    const scenarioId = scenarioIdOf(tags);
    // The suite's corpus and the user's stored counterexamples come first, whatever the seed.
    const replay = replayCases(def.name, scenarioId !== undefined ? params.replay?.[scenarioId] : undefined);
    try {
      result = await runProperty(def, {
        client, oracle, seed: params.seed, numRuns: params.numRuns, replayPath: params.replayPath, scenarioId, diagnoseBoot, replay,
        ...(params.concurrency !== undefined ? { ahead: { width: params.concurrency, client: () => new AdapterClient(targetClientOptions(params, sharing)) } } : {}),
      });
    } catch (err) {
      if (err instanceof UnsupportedError) return { kind: 'unsupported', capability: err.capability, message: err.message };
      throw err;
    }
    if (result.info.result === 'unsupported' && result.error instanceof UnsupportedError) {
      return { kind: 'unsupported', capability: result.error.capability, message: result.error.message };
    }
    return { kind: 'result', result };
  } finally {
    await Promise.all([client.close(), oracle?.close()]);
  }
}
