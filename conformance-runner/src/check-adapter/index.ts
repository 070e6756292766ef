export { checkAdapter, CHECKS, type CheckedTarget, type CheckOptions } from './checkAdapter';
export { formatCheckReport, type FormatOptions } from './formatCheckReport';
export type { CheckReport, CheckResult, CheckStatus, Evidence } from './types';
