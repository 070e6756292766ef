import type { Fault } from '../Fault';

/** Faults written against the rules of the errors.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  {
    id: 'errors-405-without-allow', rule: 'errors.allow-header',
    description: '405 answers carry no Allow header',
    proxy: 'strip-allow',
  },
];
