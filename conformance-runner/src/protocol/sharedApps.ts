import type { Exchange, LoadResult } from './AdapterClient';

/**
 * Applications shared by manifest, per target and per process (protocol §2.2, `applications:
 * per-request`). An adapter that builds the application afresh for every request cannot tell an
 * application that served other scenarios from a new one, so every client of the process — the
 * scenarios' and each property's — loads a given manifest once: the scenarios and the properties
 * often load the same route tables. A load that fails with an error is not kept (it is raised again
 * next time); an answer, a boot refusal included, is: the same manifest gets the same answer.
 */
export interface SharedLoad {
  result: LoadResult;
  /** The exchange that loaded it, shown in the reproduction of every scenario that uses it. */
  exchange?: Exchange;
}

const targets = new Map<string, { loads: Map<string, Promise<SharedLoad>>; ids: Set<string> }>();

export function sharedAppsOf(origin: string, token: string): { loads: Map<string, Promise<SharedLoad>>; ids: Set<string> } {
  const key = `${origin}\u0000${token}`;
  let shared = targets.get(key);
  if (shared === undefined) {
    shared = { loads: new Map(), ids: new Set() };
    targets.set(key, shared);
  }
  return shared;
}

/** Forgets the target's shared applications and returns their ids (to unload them, if wanted). */
export function forgetSharedApps(origin: string, token: string): string[] {
  const key = `${origin}\u0000${token}`;
  const ids = [...(targets.get(key)?.ids ?? [])];
  targets.delete(key);
  return ids;
}
