import { Given, Then } from '@cucumber/cucumber';
import { fail } from './support/expect';
import { parseRoutes } from './support/notation/parser';
import type { FwWorld } from './support/world';

/** Route files as the spec describes them: web by default, others from bootstrap or a provider. */

Given('the routes:', function (this: FwWorld, source: string) {
  this.addRoutes('web', parseRoutes(source));
});

Given('no routes', function (this: FwWorld) {
  this.addRoutes('web', []);
});

Given('the route file {string} loaded by the bootstrap sequence:', function (this: FwWorld, file: string, source: string) {
  this.addRoutes(file, parseRoutes(source));
  if (!this.bootstrap.includes(file)) this.bootstrap.push(file);
});

Given('the route file {string} loaded by a service provider:', function (this: FwWorld, file: string, source: string) {
  this.addRoutes(file, parseRoutes(source));
  if (!this.providers.includes(file)) this.providers.push(file);
});

Given('the route file {string} that nothing loads:', function (this: FwWorld, file: string, source: string) {
  this.addRoutes(file, parseRoutes(source));
});

/**
 * What the spec's group() calls its closure with, as the adapter declares it (protocol §2.2): a
 * framework that calls it with nothing registers the group's routes on the router the route file holds.
 */
Then('the framework hands the group closure the router', function (this: FwWorld) {
  if ((this.parameters as { groupCallback?: string }).groupCallback === 'none') {
    fail('the framework calls a group\'s closure without the router (the adapter declares info.groupCallback "none"): its routes are registered on the router the route file holds');
  }
});

/** Registration errors surface when the application boots (protocol: 422 kind boot). */

Then('the application boots', async function (this: FwWorld) {
  const state = await this.load();
  if (state.kind === 'unsupported') return 'skipped';
  if (state.kind === 'boot-failed') await this.refusedBoot(state.message);
  return undefined;
});

Then('the application fails to boot', async function (this: FwWorld) {
  const state = await this.load();
  if (state.kind === 'unsupported') return 'skipped';
  if (state.kind !== 'boot-failed') fail('expected the application to fail to boot (a registration error); it booted');
  return undefined;
});

Then('the application fails to boot with a message containing {string}', async function (this: FwWorld, text: string) {
  const state = await this.load();
  if (state.kind === 'unsupported') return 'skipped';
  if (state.kind !== 'boot-failed') fail(`expected the application to fail to boot with a message containing ${JSON.stringify(text)}; it booted`);
  if (!state.message.includes(text)) {
    fail(`expected the boot failure message to contain ${JSON.stringify(text)}; it was ${JSON.stringify(state.message)}`, state.message, text);
  }
  return undefined;
});
