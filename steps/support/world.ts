import { World, type IWorldOptions } from '@cucumber/cucumber';
import {
  diagnoseBoot, MEDIA, UnsupportedError,
  type AdapterClient, type AppResponse, type Manifest, type Statement, type UrlResult, type WorldParameters,
} from '../../conformance-runner/src/forSteps';
import { checkParameters, clientFor } from './clients';
import { fail } from './expect';

type LoadState =
  | { kind: 'not-loaded' }
  | { kind: 'loaded'; app: string }
  | { kind: 'boot-failed'; message: string }
  | { kind: 'unsupported' };

/**
 * State of one scenario: the manifest the Given steps build, the application loaded from it
 * (lazily, on the first request or URL step), and the last response / generated URL.
 */
export class FwWorld extends World<WorldParameters> {
  readonly routeFiles: Record<string, Statement[]> = { web: [] };
  readonly bootstrap: string[] = [];
  readonly providers: string[] = [];
  private state: LoadState = { kind: 'not-loaded' };
  private lastResponse?: { request: string; response: AppResponse };
  /** The framework refused to boot a definition the scenario lets it refuse (its message). */
  refusedConstraint?: string;
  private lastUrl?: { name: string; result: UrlResult };
  /** Set once a step talks to the target, so hooks know the scenario is one of ours. */
  used = false;
  /** Set when the scenario was not run because the target lacks a capability. */
  unsupported = false;

  constructor(options: IWorldOptions<WorldParameters>) {
    super(options);
  }

  get client(): AdapterClient {
    checkParameters(this.parameters);
    return clientFor(this.parameters);
  }

  get manifest(): Manifest {
    const manifest: Manifest = { protocol: 2, routeFiles: { ...this.routeFiles, web: this.routeFiles.web! } };
    if (this.bootstrap.length > 0) manifest.bootstrap = [...this.bootstrap];
    if (this.providers.length > 0) manifest.providers = [...this.providers];
    return manifest;
  }

  get loadedApp(): string | undefined {
    return this.state.kind === 'loaded' ? this.state.app : undefined;
  }

  addRoutes(file: string, statements: Statement[]): void {
    if (this.state.kind !== 'not-loaded') {
      throw new Error('routes were given after the application was loaded: put every "Given" before the first request');
    }
    (this.routeFiles[file] ??= []).push(...statements);
  }

  /** Loads the application once. Returns its outcome; a boot failure is data, not an error. */
  async load(): Promise<LoadState> {
    if (this.state.kind !== 'not-loaded') return this.state;
    this.used = true;
    try {
      const result = await this.client.loadApp(this.manifest);
      this.state = result.ok ? { kind: 'loaded', app: result.app } : { kind: 'boot-failed', message: result.message };
    } catch (err) {
      if (!(err instanceof UnsupportedError)) throw err;
      this.attach(JSON.stringify({ capability: err.capability, message: err.message }), MEDIA.unsupported);
      this.state = { kind: 'unsupported' };
      this.unsupported = true;
    }
    return this.state;
  }

  /**
   * The loaded application's id, or undefined when the target lacks a capability the manifest
   * needs (the step must then return 'skipped'). A boot the framework refuses although the
   * scenario expects it to boot is the framework's answer: a failed assertion (see refusedBoot).
   */
  async app(): Promise<string | undefined> {
    const state = await this.load();
    if (state.kind === 'unsupported') return undefined;
    if (state.kind === 'boot-failed') return this.refusedBoot(state.message);
    if (state.kind !== 'loaded') throw new Error('unreachable: application not loaded');
    return state.app;
  }

  /**
   * Fails the scenario with the framework's refusal, narrowed down to the definition it refuses
   * (conformance-runner/src/attribution/diagnoseBoot.ts): the runner charges the failure to that
   * definition's rule. The narrowing's own requests are left out of the reproduction.
   */
  async refusedBoot(message: string): Promise<never> {
    const mark = this.client.exchanges.length;
    let diagnosis;
    try {
      diagnosis = await diagnoseBoot(this.manifest, async (manifest) => {
        const result = await this.client.loadApp(manifest);
        if (result.ok) await this.client.deleteApp(result.app);
        return result.ok;
      });
    } catch {
      diagnosis = undefined;
    } finally {
      this.client.exchanges.splice(mark);
    }
    this.attach(JSON.stringify({ message, ...(diagnosis ?? {}) }), MEDIA.boot);
    return fail(`the application did not boot, but this scenario expects it to: ${message}` +
      (diagnosis ? `\nthe framework refuses ${diagnosis.definition}: a failure of ${diagnosis.rule}` : ''));
  }

  recordResponse(request: string, response: AppResponse): void {
    this.lastResponse = { request, response };
  }

  /** The last response, with the request that produced it (for failure messages). */
  get last(): { request: string; response: AppResponse } {
    if (!this.lastResponse) throw new Error('no request was sent yet: a "When I request ..." step must come first');
    return this.lastResponse;
  }

  recordUrl(name: string, result: UrlResult): void {
    this.lastUrl = { name, result };
  }

  get url(): { name: string; result: UrlResult } {
    if (!this.lastUrl) throw new Error('no URL was generated yet: a "When I generate the URL for ..." step must come first');
    return this.lastUrl;
  }

  /** Unloads the application; called by the After hook. */
  async unload(): Promise<void> {
    if (this.state.kind !== 'loaded') return;
    const app = this.state.app;
    this.state = { kind: 'not-loaded' };
    await this.client.deleteApp(app);
  }
}
