import type { Attributes } from '../../../src';

export interface StoredPhoto extends Attributes {
  readonly id: number;
}

/** In-memory storage; bound as a singleton so it outlives a request. */
export class PhotoRepository {
  private readonly photos = new Map<number, StoredPhoto>();
  private nextId = 1;

  constructor() {
    this.add({ title: 'Sunrise', url: 'https://example.com/sunrise.jpg' });
    this.add({ title: 'Harbour', url: 'https://example.com/harbour.jpg', caption: 'Low tide' });
  }

  all(): StoredPhoto[] {
    return [...this.photos.values()];
  }

  find(id: number): StoredPhoto | undefined {
    return this.photos.get(id);
  }

  add(attributes: Attributes): StoredPhoto {
    const photo = { id: this.nextId++, ...attributes };
    this.photos.set(photo.id, photo);
    return photo;
  }

  update(id: number, attributes: Attributes): StoredPhoto | undefined {
    const existing = this.photos.get(id);
    if (existing === undefined) return undefined;
    const photo = { ...existing, ...attributes, id: existing.id };
    this.photos.set(id, photo);
    return photo;
  }

  delete(id: number): boolean {
    return this.photos.delete(id);
  }
}
