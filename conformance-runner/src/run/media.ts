/**
 * Media type of the runner's own per-scenario attachment with the HTTP timings it measured
 * (support/timing.ts). Kept apart from the hook file: importing that one registers hooks.
 */
export const TIMING_MEDIA = 'application/vnd.fw.timing+json';
