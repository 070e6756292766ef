import type { Fault } from '../Fault';

/** Faults written against the rules of the url.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  {
    id: 'url-absolute', rule: 'url.path',
    description: 'UrlGenerator::route() returns absolute URLs (http://localhost/users/7), as one real framework does',
    proxy: 'absolute-urls',
  },
];
