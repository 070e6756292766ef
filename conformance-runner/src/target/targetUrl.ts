import { TargetError } from './TargetError';

/**
 * Checks an attach URL and returns its origin. Control paths live at the root (/__fw/...), so a
 * URL with a path would silently be ignored; better to say so.
 */
export function parseTargetUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetError(`--target "${raw}" is not a URL; expected something like http://127.0.0.1:8080`);
  }
  if (url.protocol !== 'http:') {
    throw new TargetError(`--target "${raw}" uses ${url.protocol.replace(/:$/, '')}; adapters speak plain http (protocol §1), e.g. http://127.0.0.1:8080`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new TargetError(`--target "${raw}" contains credentials; pass the control-plane token with --token instead`);
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '') {
    throw new TargetError(`--target "${raw}" has a path or query; give only the adapter's origin (e.g. ${url.origin}): control paths are always /__fw/...`);
  }
  return url.origin;
}

/** A token goes into an Authorization header: reject what cannot be sent rather than fail later. */
export function checkToken(token: string): void {
  if (token === '') throw new TargetError('--token is empty; pass the token the adapter was started with');
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw new TargetError('--token contains spaces or non-ASCII characters, which cannot be sent in an Authorization header');
  }
}
