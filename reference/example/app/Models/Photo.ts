import { Model } from '../../../src';

/** A photo hydrated from request data (JSON body, form body or query string). */
export class Photo extends Model {
  static override rules = {
    title: 'required|string|max:100',
    url: 'required|string',
  };
  static override fields = ['caption'];
}
