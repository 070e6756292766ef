import type { Exchange } from '../model/exchange';
import type { LoadResult } from './AdapterClient';

/**
 * Applications shared by manifest (protocol §2.2, `applications: per-request`). An adapter that
 * builds the application afresh for every request cannot tell an application that served other
 * scenarios from a new one, so the clients that share one SharedApps — the scenarios' of a run, or
 * the properties' of the property worker — load a given manifest once: the scenarios and the
 * properties often load the same route tables. A load that fails with an error is not kept (it is
 * raised again next time); an answer, a boot refusal included, is: the same manifest gets the same answer.
 */
export interface SharedLoad {
  result: LoadResult;
  /** The exchange that loaded it, shown in the reproduction of every scenario that uses it. */
  exchange?: Exchange;
}

export class SharedApps {
  /** Loads by manifest (its JSON). */
  readonly loads = new Map<string, Promise<SharedLoad>>();
  /** The ids of the applications loaded. */
  readonly ids = new Set<string>();

  /** Forgets every shared application and returns their ids (to unload them, if wanted). */
  forget(): string[] {
    const ids = [...this.ids];
    this.ids.clear();
    this.loads.clear();
    return ids;
  }
}
