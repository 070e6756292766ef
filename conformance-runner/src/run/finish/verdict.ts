import type { Comparison } from '../../expectations/compare';
import { CAPABILITIES, type Capability } from '../../protocol/manifest';
import type { Gate, Profile, Verdict, VerdictKind } from '../../model/verdict';
import { counts as levelCounts } from '../../model/levels';
import type { RuleResult } from '../../model/results';
import { isBad } from '../../model/status';

export interface VerdictInput {
  rules: RuleResult[];
  complete: boolean;
  incompleteReason?: string;
  comparison?: Comparison;
  profile: Profile;
  /** The selection options when the run does not select the whole suite (e.g. "--rule params"). */
  filtered?: string;
  /** Root-cause rules, most blocking first. */
  rootCauses?: string[];
}

export function profileOf(declared: readonly string[], requested: Capability[] | null, rules: RuleResult[]): Profile {
  const known = CAPABILITIES.filter((c) => declared.includes(c));
  const missing = CAPABILITIES.filter((c) => !declared.includes(c));
  return {
    declared: known, missing, full: missing.length === 0, requested,
    untested: rules.filter((r) => levelCounts(r.level) && r.status === 'unsupported').map((r) => r.id),
    partlyTested: rules.filter((r) => levelCounts(r.level) && r.status === 'partly-tested').map((r) => r.id),
  };
}

export function decideVerdict(input: VerdictInput): Verdict {
  const { rules, profile } = input;
  const counted = rules.filter((r) => levelCounts(r.level));
  const badRules = counted.filter((r) => isBad(r.status)).map((r) => r.id);
  const blocked = counted.filter((r) => r.status === 'blocked');
  const notRun = counted.filter((r) => r.status === 'skipped').map((r) => r.id);
  const verdict = ((): { verdict: VerdictKind; reason: string } => {
    if (!input.complete) return { verdict: 'fails', reason: `the run is incomplete: ${(input.incompleteReason ?? 'it was interrupted').split('\n')[0]}` };
    if (badRules.length > 0 || blocked.length > 0 || notRun.length > 0) {
      const parts: string[] = [];
      if (badRules.length + blocked.length > 0) {
        const roots = (input.rootCauses ?? badRules).slice(0, 5);
        parts.push(`${badRules.length + blocked.length} of ${counted.length} must and implied rules do not pass` +
          (roots.length > 0 ? ` (root causes: ${roots.join(', ')}${(input.rootCauses ?? badRules).length > 5 ? ', …' : ''})` : ''));
      }
      if (notRun.length > 0) parts.push(`${notRun.length} must/implied rule(s) were not run (undefined or skipped steps): ${notRun.slice(0, 5).join(', ')}`);
      return { verdict: 'fails', reason: parts.join('; ') };
    }
    const gaps: string[] = [];
    if (!profile.full) gaps.push(`the target does not declare ${profile.missing.join(', ')}`);
    if (input.filtered !== undefined) gaps.push(`the run selects ${input.filtered}`);
    const tested = counted.filter((r) => r.status === 'passed').length;
    if (gaps.length > 0 || profile.untested.length > 0 || profile.partlyTested.length > 0) {
      const notAll = [
        profile.untested.length > 0 ? `${profile.untested.length} must and implied rules untested` : '',
        profile.partlyTested.length > 0 ? `${profile.partlyTested.length} partly tested` : '',
      ].filter((x) => x !== '').join(', ');
      return {
        verdict: 'partial',
        reason: `partial: the ${tested} must and implied rules that ran in full pass, but ${gaps.join(' and ') || 'some could not run'}` +
          (notAll !== '' ? ` (${notAll})` : ''),
      };
    }
    return { verdict: 'conforms', reason: `conforms: all ${counted.length} must and implied rules pass with the full profile` };
  })();
  return { ...verdict, badRules, gate: decideGate(input, verdict.verdict) };
}

function decideGate(input: VerdictInput, verdict: VerdictKind): Gate {
  const { profile, comparison } = input;
  if (!input.complete) return { pass: false, reason: 'the run is incomplete' };
  const requested = profile.requested;
  const absent = (requested ?? []).filter((c) => !profile.declared.includes(c));
  if (comparison) {
    if (comparison.mismatches.length > 0) return { pass: false, reason: `${comparison.mismatches.length} result(s) differ from the expectations file` };
    if (comparison.profile?.status === 'differs') return { pass: false, reason: comparison.profile.message };
    if (profile.untested.length > 0 && requested === null) {
      return { pass: false, reason: `the results match the expectations file, but it records no profile and the target does not declare ${profile.missing.join(', ')}: run with --update-expectations to record the profile` };
    }
    return { pass: true, reason: `the results match the expectations file (${comparison.matched} expected non-passing results${profile.full ? '' : `, profile ${profile.declared.join(', ')}`})` };
  }
  if (absent.length > 0) return { pass: false, reason: `the target does not declare ${absent.join(', ')}, which the requested profile (--profile) includes` };
  if (verdict === 'conforms') return { pass: true, reason: 'the implementation conforms' };
  if (verdict === 'fails') return { pass: false, reason: 'must or implied rules do not pass' };
  // Rules the run should have tested but could not: the gate passes only for a profile the user chose.
  if (profile.untested.length > 0 && requested === null) {
    return { pass: false, reason: `partial profile: the target does not declare ${profile.missing.join(', ')} (${profile.untested.length} must and implied rules untested); ` +
      `to hold it to what it declares, pass --profile ${profile.declared.join(',')} (or record the profile in an expectations file)` };
  }
  return { pass: true, reason: profile.full ? 'every selected must and implied rule passes' : `every must and implied rule of the requested profile passes (${profile.declared.join(', ')})` };
}
