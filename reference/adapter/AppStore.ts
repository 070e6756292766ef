import { randomBytes } from 'node:crypto';

export interface AppStoreLimits {
  /** Apps kept at most. */
  readonly apps: number;
  /** Sum of the apps' weights kept at most (an estimate of their heap, in bytes). */
  readonly weight: number;
}

interface Entry<T> {
  readonly app: T;
  readonly weight: number;
}

/**
 * Loaded applications by id, bounded by count and by weight so that neither a long run (one app
 * per scenario, never deleted) nor a few huge manifests can grow the adapter without limit.
 * Past either bound the least recently used apps go first: a run works on its latest apps.
 */
export class AppStore<T> {
  // A Map iterates in insertion order; re-inserting on use keeps the least recently used first.
  private readonly apps = new Map<string, Entry<T>>();
  private weight = 0;

  constructor(private readonly limits: AppStoreLimits) {}

  add(app: T, weight: number): string {
    const id = `a${randomBytes(6).toString('hex')}`;
    this.apps.set(id, { app, weight });
    this.weight += weight;
    // The app just added stays even when it alone is over the budget (the loader caps its size).
    for (const [oldest, entry] of this.apps) {
      if (oldest === id || (this.apps.size <= this.limits.apps && this.weight <= this.limits.weight)) break;
      this.apps.delete(oldest);
      this.weight -= entry.weight;
    }
    return id;
  }

  get(id: string): T | undefined {
    const entry = this.apps.get(id);
    if (entry === undefined) return undefined;
    this.apps.delete(id);
    this.apps.set(id, entry);
    return entry.app;
  }

  delete(id: string): boolean {
    const entry = this.apps.get(id);
    if (entry === undefined) return false;
    this.apps.delete(id);
    this.weight -= entry.weight;
    return true;
  }

  /** What the store holds, for tests and the stress script's figures. */
  get size(): { apps: number; weight: number } {
    return { apps: this.apps.size, weight: this.weight };
  }
}
