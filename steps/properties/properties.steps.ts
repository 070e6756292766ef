import { diagnoseBoot } from '../../conformance-runner/src/attribution/diagnoseBoot';
import { Before, BeforeAll, Then, When, type World } from '@cucumber/cucumber';
import { AdapterClient, MEDIA, UnsupportedError, type WorldParameters } from '../../conformance-runner/src/protocol';
import {
  propertyNamed, propertyParameters, runProperty,
  type PropertyInfo, type PropertyResult,
} from '../../conformance-runner/src/properties';

/**
 * The fast-check properties as ordinary scenarios: `When the property "<name>" is checked` runs it
 * against the target named by the world parameters (and the oracle, in differential mode), and
 * `Then it holds` fails with the shrunk counterexample. These steps rely only on cucumber's base
 * World, so they work with or without the rest of steps/.
 *
 * Properties the runner names in `early` start when the suite starts and run in the background
 * while the other scenarios run; their step then collects what was found. The cases depend only on
 * the seed, so the outcome is the one the step would have found itself.
 */

/** A property sends hundreds of requests: it gets more time than a one-request scenario. */
const PROPERTY_TIMEOUT_MS = Number(process.env.FW_STEP_TIMEOUT_MS) || 120_000;
const CAPABILITY_TAG = '@capability:';
const ID_TAG = '@id:';

interface PropertyState {
  tags: string[];
  result?: PropertyResult;
}

/** What checking a property came to: a result, or the capability the target lacks for it. */
type Checked =
  | { kind: 'result'; result: PropertyResult }
  | { kind: 'unsupported'; capability: string; message: string };

const states = new WeakMap<object, PropertyState>();
/** Properties started early, by scenario id and property name. */
const started = new Map<string, Promise<Checked>>();

function stateOf(world: object): PropertyState {
  let state = states.get(world);
  if (!state) { state = { tags: [] }; states.set(world, state); }
  return state;
}

function earlyKey(scenario: string | undefined, property: string): string {
  return `${scenario ?? ''}\u0000${property}`;
}

/** Runs one property with its own clients (its exchanges never mix with a scenario's). */
async function check(name: string, params: WorldParameters, tags: string[]): Promise<Checked> {
  const def = propertyNamed(name);
  const client = new AdapterClient({ ...params.target, requestTimeoutMs: params.requestTimeoutMs, capabilities: params.capabilities, shareApps: params.shareApps !== undefined });
  const oracle = params.oracle ? new AdapterClient({ ...params.oracle, requestTimeoutMs: params.requestTimeoutMs }) : undefined;
  try {
    const needed = new Set<string>(def.capabilities);
    for (const tag of tags) if (tag.startsWith(CAPABILITY_TAG)) needed.add(tag.slice(CAPABILITY_TAG.length));
    const declared = params.capabilities ?? (await client.info()).capabilities;
    const missing = [...needed].filter((c) => !declared.includes(c as never));
    if (missing.length > 0) return { kind: 'unsupported', capability: missing[0]!, message: `the target does not declare ${missing.map((c) => `"${c}"`).join(', ')}` };
    const scenarioId = tags.find((t) => t.startsWith(ID_TAG))?.slice(ID_TAG.length);
    let result: PropertyResult;
    try {
      result = await runProperty(def, {
        client, oracle, seed: params.seed, numRuns: params.numRuns, replayPath: params.replayPath, scenarioId, diagnoseBoot,
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

BeforeAll(function (this: { parameters?: Partial<WorldParameters> }) {
  const early = this.parameters?.early ?? [];
  if (early.length === 0) return;
  const params = propertyParameters(this.parameters!);
  for (const { scenario, property, tags } of early) {
    const checking = check(property, params, tags);
    // Collected (and any error reported) by the property's own step.
    checking.catch(() => undefined);
    started.set(earlyKey(scenario, property), checking);
  }
});

Before({ tags: '@property' }, function (this: World, { pickle }) {
  stateOf(this).tags = pickle.tags.map((t) => t.name);
});

When('the property {string} is checked', { timeout: PROPERTY_TIMEOUT_MS }, async function (this: World, name: string) {
  const state = stateOf(this);
  const params = propertyParameters(this.parameters as Partial<WorldParameters>);
  const key = earlyKey(state.tags.find((t) => t.startsWith(ID_TAG))?.slice(ID_TAG.length), name);
  const early = started.get(key);
  started.delete(key);
  const checked = await (early ?? check(name, params, state.tags));
  if (checked.kind === 'unsupported') {
    this.attach(JSON.stringify({ capability: checked.capability, message: checked.message }), MEDIA.unsupported);
    // The property attachment is always there, so reports show the seed even for a skipped run.
    const info: PropertyInfo = { property: propertyNamed(name).name, seed: params.seed, numRuns: params.numRuns, result: 'unsupported', runs: 0, durationMs: 0 };
    this.attach(JSON.stringify(info), MEDIA.property);
    return 'skipped';
  }
  const { result } = checked;
  this.attach(JSON.stringify(result.info), MEDIA.property);
  if (result.repro) this.attach(JSON.stringify(result.repro), MEDIA.repro);
  state.result = result;
  // A hang or a protocol error is this step's outcome (timed-out / errored), not a failed property.
  if (result.error && result.info.result !== 'failed') throw result.error;
  return undefined;
});

Then('it holds', function (this: World) {
  const result = stateOf(this).result;
  if (!result) throw new Error('no property was checked: "When the property ... is checked" must come first');
  if (result.error) throw result.error;
});
