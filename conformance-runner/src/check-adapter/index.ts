export { checkAdapter, CHECKS, type CheckedTarget, type CheckOptions } from './checkAdapter';
export { formatCheckReport, type FormatOptions } from './formatCheckReport';
export type { CheckReport, CheckResult, CheckStatus, Evidence } from './types';
export { applicationsConsequence, probeApplications, type ApplicationsFinding } from './applications';
export { Probe } from './Probe';
