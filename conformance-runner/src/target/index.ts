export { openTarget } from './openTarget';
export { TargetError } from './TargetError';
export { stopAllTargets, killAllTargetsSync } from './registry';
export type { Target, TargetDeath, TargetOptions } from './types';
