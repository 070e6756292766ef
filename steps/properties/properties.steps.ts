import { AfterAll, BeforeAll, Before, Then, When, type World } from '@cucumber/cucumber';
import { backgroundProperties, checkPropertyHere, MEDIA, propertyParameters, scenarioIdOf, type BackgroundProperties, type PropertyInfo, type PropertyResult, type WorldParameters } from '../../conformance-runner/src/forSteps';

/**
 * The fast-check properties as ordinary scenarios: `When the property "<name>" is checked` runs it
 * against the target named by the world parameters (and the oracle, in differential mode), and
 * `Then it holds` fails with the shrunk counterexample. These steps rely only on cucumber's base
 * World, so they work with or without the rest of steps/.
 *
 * Properties the runner names in `early` start when the suite starts and run in the background,
 * in a worker thread, while the other scenarios run; their step then collects what was found. The
 * cases depend only on the seed, so the outcome is the one the step would have found itself.
 */

/** A property sends hundreds of requests: it gets more time than a one-request scenario. */
const PROPERTY_TIMEOUT_MS = Number(process.env.FW_STEP_TIMEOUT_MS) || 120_000;

interface PropertyState {
  tags: string[];
  result?: PropertyResult;
}

const states = new WeakMap<object, PropertyState>();
let background: BackgroundProperties | undefined;

function stateOf(world: object): PropertyState {
  let state = states.get(world);
  if (!state) { state = { tags: [] }; states.set(world, state); }
  return state;
}

BeforeAll(function (this: { parameters?: Partial<WorldParameters> }) {
  const early = this.parameters?.early ?? [];
  if (early.length === 0) return;
  // The runner may have started them already, during its adapter check.
  background = backgroundProperties(this.parameters!, early);
  background.suiteStarted();
});

// The worker unloads its shared applications before it ends (an adapter that outlives the run).
AfterAll({ timeout: PROPERTY_TIMEOUT_MS }, async function () {
  await background?.finished();
});

Before({ tags: '@property' }, function (this: World, { pickle }) {
  stateOf(this).tags = pickle.tags.map((t) => t.name);
});

When('the property {string} is checked', { timeout: PROPERTY_TIMEOUT_MS }, async function (this: World, name: string) {
  const state = stateOf(this);
  const params = propertyParameters(this.parameters as Partial<WorldParameters>);
  const checked = await (background?.take(scenarioIdOf(state.tags), name) ?? checkPropertyHere(name, params, state.tags));
  if (checked.kind === 'unsupported') {
    this.attach(JSON.stringify({ capability: checked.capability, message: checked.message }), MEDIA.unsupported);
    // The property attachment is always there, so reports show the seed even for a skipped run.
    // Only a property the engine knows gets this far (it names the capability), so `name` is its name.
    const info: PropertyInfo = { property: name, seed: params.seed, numRuns: params.numRuns, result: 'unsupported', runs: 0, durationMs: 0 };
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
