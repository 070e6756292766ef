import { AdapterClient, currentLane, lastLaneAt, targetClientOptions, type Info, type WorldParameters } from '../../conformance-runner/src/forSteps';

/**
 * One AdapterClient (one undici pool) per target and lane for the whole cucumber process:
 * scenarios run one after another in a lane (a worker, or one of the runs that share a process:
 * run/cucumber/lanes), and a fresh pool per scenario would cost a TCP handshake each time. A
 * client records the exchanges of the scenario that uses it (its reproduction), so two scenarios
 * that run at once never share one.
 */
const clients = new Map<string, AdapterClient>();
/** Clients whose target outlives the run: their shared applications are unloaded at the end. */
const unloading = new Set<AdapterClient>();
const infos = new Map<string, Promise<Info>>();

function keyOf(parameters: WorldParameters): string {
  return `${parameters.target.url}|${parameters.target.token}|${parameters.requestTimeoutMs}`;
}

export function checkParameters(parameters: Partial<WorldParameters> | undefined): asserts parameters is WorldParameters {
  const target = parameters?.target;
  if (!target || typeof target.url !== 'string' || typeof target.token !== 'string') {
    throw new Error('worldParameters.target {url, token} is missing: run the suite through fw-conformance, ' +
      'or through the cucumber.js profile with FW_TARGET_URL and FW_TARGET_TOKEN');
  }
}

export function clientFor(parameters: WorldParameters): AdapterClient {
  const key = `${keyOf(parameters)}|${currentLane()}`;
  let client = clients.get(key);
  if (!client) {
    client = new AdapterClient(targetClientOptions(parameters));
    clients.set(key, client);
    if (parameters.shareApps?.unloadAtEnd) unloading.add(client);
  }
  return client;
}

/** The target's declared capabilities: from the world parameters, or asked once per process. */
export async function capabilitiesOf(parameters: WorldParameters): Promise<string[]> {
  if (parameters.capabilities) return parameters.capabilities;
  const key = keyOf(parameters);
  let info = infos.get(key);
  if (!info) {
    info = clientFor(parameters).info();
    infos.set(key, info);
    // A failed handshake must not be cached: the next scenario reports it again.
    info.catch(() => infos.delete(key));
  }
  return (await info).capabilities;
}

/**
 * The end of a lane (its AfterAll): its clients close. The run's shared applications (loaded once,
 * used by every lane) are unloaded when the last lane ends: a client that is to unload them stays
 * open until then.
 */
export async function closeClients(): Promise<void> {
  const lane = `|${currentLane()}`;
  const ending: AdapterClient[] = [];
  for (const [key, client] of clients) {
    if (!key.endsWith(lane)) continue;
    clients.delete(key);
    ending.push(client);
  }
  if (!lastLaneAt('clients')) {
    await Promise.all(ending.filter((c) => !unloading.has(c)).map((c) => c.close()));
    return;
  }
  infos.clear();
  const unloaders = [...unloading];
  unloading.clear();
  await Promise.all(unloaders.map((c) => c.unloadShared()));
  await Promise.all([...new Set([...ending, ...unloaders])].map((c) => c.close()));
}
