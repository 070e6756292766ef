import { randomBytes } from 'node:crypto';

/**
 * Loaded applications by id. Bounded so that a long run, which loads one application per
 * scenario, cannot grow the adapter without limit even if the runner never deletes them.
 */
export class AppStore<T> {
  private readonly apps = new Map<string, T>();

  constructor(private readonly capacity = 256) {}

  add(app: T): string {
    const id = `a${randomBytes(6).toString('hex')}`;
    this.apps.set(id, app);
    if (this.apps.size > this.capacity) {
      const oldest = this.apps.keys().next().value as string;
      this.apps.delete(oldest);
    }
    return id;
  }

  get(id: string): T | undefined {
    return this.apps.get(id);
  }

  delete(id: string): boolean {
    return this.apps.delete(id);
  }
}
