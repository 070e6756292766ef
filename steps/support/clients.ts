import { AdapterClient, targetClientOptions, type Info, type WorldParameters } from '../../conformance-runner/src/forSteps';

/**
 * One AdapterClient (one undici pool) per target for the whole cucumber process: scenarios run
 * one after another inside a worker, and a fresh pool per scenario would cost a TCP handshake
 * each time.
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
  const key = keyOf(parameters);
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

export async function closeClients(): Promise<void> {
  const all = [...clients.values()];
  clients.clear();
  infos.clear();
  await Promise.all([...unloading].map((c) => c.unloadShared()));
  unloading.clear();
  await Promise.all(all.map((c) => c.close()));
}
