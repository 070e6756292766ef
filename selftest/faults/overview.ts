import type { Fault } from '../Fault';

/** Faults written against the rules of the overview.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
];
