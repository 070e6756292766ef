import { After, AfterAll, AfterStep, Before, BeforeStep, Status, setDefaultTimeout, setWorldConstructor } from '@cucumber/cucumber';
import { MEDIA, type ServerLimit } from '../../conformance-runner/src/forSteps';
import { capabilitiesOf, checkParameters, closeClients } from './clients';
import { clearFinding, takeFinding } from './finding';
import { FwWorld } from './world';

// Cucumber fixes step timeouts when support code loads, so this is the one value read from the
// environment (docs/architecture.md, "World parameters").
setDefaultTimeout(Number(process.env.FW_STEP_TIMEOUT_MS ?? 20000));

setWorldConstructor(FwWorld);

const CAPABILITY_TAG = '@capability:';
const SERVER_TAG = '@server:';
/** What each server limit (protocol §3.1) keeps from the framework. */
const SERVER_LIMITS: Record<ServerLimit, string> = {
  'unknown-methods': 'answers requests with methods it does not know itself',
  'absolute-form': 'does not hand absolute-form request targets to the application unchanged',
};
/** Property scenarios (steps/properties) bring their own client, capability check and attachments. */
const OURS = 'not @property';

/**
 * Capabilities beyond `routing` that the scenario declares: a target that lacks one gets the
 * scenario reported as unsupported instead of failed.
 */
Before({ tags: OURS }, async function (this: FwWorld, { pickle }) {
  checkParameters(this.parameters);
  this.client.resetLog();
  const limits = pickle.tags.map((t) => t.name).filter((t) => t.startsWith(SERVER_TAG)).map((t) => t.slice(SERVER_TAG.length))
    .filter((limit) => (this.parameters.serverLimits ?? []).includes(limit));
  if (limits.length > 0) {
    this.unsupported = true;
    this.attach(JSON.stringify({
      capability: `server:${limits[0]}`,
      message: `the adapter's HTTP server (${this.parameters.server ?? 'declared in /__fw/info'}) ${limits.map((l) => SERVER_LIMITS[l as ServerLimit] ?? l).join(' and ')} (protocol §3.1)`,
    }), MEDIA.unsupported);
    return 'skipped';
  }
  const needed = pickle.tags.map((t) => t.name).filter((t) => t.startsWith(CAPABILITY_TAG)).map((t) => t.slice(CAPABILITY_TAG.length));
  if (needed.length === 0) return undefined;
  const declared = await capabilitiesOf(this.parameters);
  const missing = needed.filter((c) => !declared.includes(c));
  if (missing.length === 0) return undefined;
  this.unsupported = true;
  this.attach(JSON.stringify({
    capability: missing[0],
    message: `the target does not declare the capabilit${missing.length > 1 ? 'ies' : 'y'} ${missing.map((c) => `"${c}"`).join(', ')}`,
  }), MEDIA.unsupported);
  return 'skipped';
});

BeforeStep({ tags: OURS }, function () {
  clearFinding();
});

/** A failed assertion says what it compared (attribution/assertion.ts reads it). */
AfterStep({ tags: OURS }, function (this: FwWorld, { result }) {
  const finding = takeFinding();
  if (finding !== undefined && result.status === Status.FAILED) this.attach(JSON.stringify(finding), MEDIA.finding);
});

After({ tags: OURS }, async function (this: FwWorld, { result }) {
  const mine = this.used || Object.values(this.routeFiles).some((file) => file.length > 0);
  if (mine && result?.status !== Status.PASSED && !this.unsupported) {
    this.attach(JSON.stringify({ manifest: this.manifest, exchanges: [...this.client.exchanges] }), MEDIA.repro);
  }
  try {
    await this.unload();
  } catch (err) {
    // Unloading is housekeeping: a failure there must not change the scenario's verdict.
    this.attach(`could not unload the application: ${(err as Error).message}`, 'text/plain');
  }
});

AfterAll(async function () {
  await closeClients();
});
