import { IMAGE_PREFIX } from './constants.ts';

/** A setting's image value as a URL: absolute URLs and rooted paths as they are, bare names under the image prefix. */
export function imageUrl(value: string): string {
  if (!value) return '';
  if (/^(https?:)?\/\//i.test(value) || value.startsWith('/') || value.startsWith('data:')) return value;
  return IMAGE_PREFIX + value;
}
