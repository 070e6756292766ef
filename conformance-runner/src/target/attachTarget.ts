import { explainInfoFailure } from './explainInfoFailure';
import { checkToken, parseTargetUrl } from './targetUrl';
import type { Target, TargetDeath } from './types';

/** Talks to an adapter somebody else runs: checks the URL, the token and GET /__fw/info. */
export async function attachTarget(url: string, token: string, requestTimeoutMs?: number): Promise<Target> {
  const origin = parseTargetUrl(url);
  checkToken(token);
  // Loaded here, not with the target layer: a run starting an adapter spawns it before loading undici.
  const { AdapterClient } = await import('../protocol/AdapterClient');
  const client = new AdapterClient({ url: origin, token, requestTimeoutMs });
  let info;
  try {
    info = await client.info();
  } catch (err) {
    await client.close();
    throw explainInfoFailure(err, origin);
  }
  let stopping: Promise<void> | undefined;
  return {
    address: client.address,
    info,
    client,
    // Nobody here owns the adapter's process; its death shows as failed requests instead.
    died: new Promise<TargetDeath>(() => {}),
    outputTail: () => '',
    stop: () => (stopping ??= client.close()),
  };
}
