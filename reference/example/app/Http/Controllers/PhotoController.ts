import { Controller, defineActions, param } from '../../../../src';
import { Photo } from '../../Models/Photo';
import { PhotoRepository } from '../../Repositories/PhotoRepository';

/** The seven resource actions, registered with `router.resource('photos', PhotoController)`. */
export class PhotoController extends Controller {
  static inject = [PhotoRepository] as const;

  constructor(private readonly photos: PhotoRepository) {
    super();
  }

  static actions = defineActions<PhotoController>({
    show: [param.int('id')],
    edit: [param.int('id')],
    store: [param.of('photo', Photo)],
    update: [param.int('id'), param.of('photo', Photo)],
    destroy: [param.int('id')],
  });

  /** An array becomes a JSON response. */
  index() {
    return this.photos.all();
  }

  create() {
    return this.view('photos.form', { action: '/photos', title: '', url: '' });
  }

  store(photo: Photo) {
    return this.response().created(this.photos.add(photo.toJSON()));
  }

  show(id: number) {
    const photo = this.photos.find(id);
    return photo === undefined ? this.response().notFound('Photo not found') : this.json(photo);
  }

  edit(id: number) {
    const photo = this.photos.find(id);
    if (photo === undefined) return this.response().notFound('Photo not found');
    return this.view('photos.form', { action: `/photos/${id}`, title: photo['title'], url: photo['url'] });
  }

  update(id: number, photo: Photo) {
    const updated = this.photos.update(id, photo.toJSON());
    return updated === undefined ? this.response().notFound('Photo not found') : this.response().success(updated, 'Updated');
  }

  destroy(id: number) {
    return this.photos.delete(id) ? this.response().noContent() : this.response().notFound('Photo not found');
  }
}
