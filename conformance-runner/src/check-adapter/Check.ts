import type { Capability, Info, Manifest } from '../protocol';
import { Findings } from './Findings';
import type { Probe, ProbeExchange } from './Probe';
import type { ApplicationsFinding } from './applications';

/** Applications that one check loads and later checks use. */
export type AppRole = 'minimal' | 'echo' | 'route-files';

export interface CheckContext {
  probe: Probe;
  info: Info;
  declares(capability: Capability): boolean;
  apps: Partial<Record<AppRole, string>>;
  /** Every app id loaded during the check, deleted at the end. */
  loaded: Set<string>;
  /** What the run's probe of the applications found before the suite (run/applicationsClaim.ts), when it ran. */
  applications?: ApplicationsFinding;
  /** How many application requests a check may send at once: what the adapter serves at once (info.concurrency), at most 8. */
  width: number;
}

export interface Check {
  id: string;
  section: string;
  title: string;
  /** Capabilities the adapter must declare for the check to apply (skipped otherwise). */
  needs?: Capability[];
  /** Why the check does not apply to this adapter (an optional part of the protocol it does not declare); skipped then. */
  skipUnless?: (ctx: CheckContext) => string | undefined;
  /** Apps loaded by earlier checks that this one uses (skipped when they could not be loaded). */
  uses?: AppRole[];
  /**
   * The check uses only applications it loads itself, and nothing another check loads or deletes:
   * it may run at the same time as the checks next to it that say so too (checkAdapter.ts).
   */
  alone?: boolean;
  /** Records deviations in `f`; returns what was seen, shown when the check passes. */
  run(ctx: CheckContext, f: Findings): Promise<string | undefined>;
}

/** POST /__fw/apps expecting 201 app-loaded; remembers the id for cleanup. */
export async function loadApp(ctx: CheckContext, f: Findings, manifest: Manifest): Promise<{ app: string; routes?: number } | undefined> {
  const ex = await ctx.probe.control('POST', 'apps', { body: manifest });
  if (ex.response?.status === 422) {
    const error = f.parse<{ error: { kind: string; message: string } }>(ex, 'error', '{"error":...}');
    f.see(ex);
    if (error && error.error.kind === 'boot') {
      // The framework's answer, passed on as the protocol says: the suite charges it to the rule of
      // the refused definition. The checks that need this application are skipped.
      f.note(`the framework refused to boot this valid manifest (422 boot): ${error.error.message}; the suite reports it as a failure of the rule of the refused definition`);
    } else {
      f.fail(`${f.section}: this manifest is valid and uses only the probe catalog, so POST /__fw/apps must answer 201 {"app":...}, or 422 kind boot with the framework's message; ` +
        `got 422${error ? ` (${error.error.kind}): ${error.error.message}` : ''}`);
    }
    return undefined;
  }
  const loaded = f.expectMessage<{ app: string; routes?: number }>(ex, 201, 'app-loaded', '{"app":"<id>","routes":<n>}');
  if (loaded) ctx.loaded.add(loaded.app);
  return loaded;
}

/** A request that should have been refused may have loaded an app anyway: unload it at the end. */
export function rememberAccidentalApp(ctx: CheckContext, ex: ProbeExchange): void {
  if (ex.response?.status !== 201) return;
  try {
    const app = (JSON.parse(ex.response.body) as { app?: unknown }).app;
    if (typeof app === 'string') ctx.loaded.add(app);
  } catch {
    // not JSON: nothing was announced, nothing to unload
  }
}
