import type { Fault } from '../Fault';
import { FAULTS as overview } from './overview';
import { FAULTS as files } from './files';
import { FAULTS as registration } from './registration';
import { FAULTS as params } from './params';
import { FAULTS as dispatch } from './dispatch';
import { FAULTS as resources } from './resources';
import { FAULTS as groups } from './groups';
import { FAULTS as middleware } from './middleware';
import { FAULTS as named } from './named';
import { FAULTS as url } from './url';
import { FAULTS as injection } from './injection';
import { FAULTS as helpers } from './helpers';
import { FAULTS as conversion } from './conversion';
import { FAULTS as factory } from './factory';
import { FAULTS as errors } from './errors';
import { FAULTS as shapes } from './shapes';
import { FAULTS as mechanisms, HELD_OUT as heldOut } from './mechanisms';

/**
 * The self-test's catalog of faults (selftest/run.ts): for every must and implied rule at least
 * one realistic defect, written against that rule, one file per section of the spec (in the spec's
 * order). A fault is a patch to a scratch copy of the reference (the text to find must occur exactly
 * once) or a proxy transform (selftest/proxy/transforms.ts).
 */
export const FAULTS: Fault[] = [
  ...overview,
  ...files,
  ...registration,
  ...params,
  ...dispatch,
  ...resources,
  ...groups,
  ...middleware,
  ...named,
  ...url,
  ...injection,
  ...helpers,
  ...conversion,
  ...factory,
  ...errors,
  ...shapes,
  ...mechanisms,
  ...heldOut,
];
