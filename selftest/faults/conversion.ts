import type { Fault } from '../Fault';

/** Faults written against the rules of the conversion.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  {
    id: 'conversion-numbers-as-strings', rule: 'conversion.array',
    description: 'the JSON serializer writes every number of a converted array as a string',
    proxy: 'numbers-as-strings',
  },
];
