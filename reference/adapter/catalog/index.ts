import { escapeHtml, type Application } from '../../src';
import { catalogClosure } from './closures';
import { EchoController } from './EchoController';
import { FactoryController } from './FactoryController';
import { FailController } from './FailController';
import { HelperController } from './HelperController';
import { InjectedController } from './InjectedController';
import { Item } from './Item';
import { Block, TraceA, TraceB, TraceC, WithClock } from './middleware';
import { PhotoController } from './PhotoController';
import { PlainController } from './PlainController';
import { ReturnController } from './ReturnController';
import { Calendar, Clock } from './services';
import { ViewController } from './ViewController';
import { StoreItemRequest } from './StoreItemRequest';

export { catalogClosure };

/** Registers the whole probe catalog (protocol §4) under its protocol names. */
export function registerCatalog(app: Application): void {
  app
    .controller('EchoController', EchoController)
    .controller('InjectedController', InjectedController)
    .controller('PhotoController', PhotoController)
    .controller('PlainController', PlainController)
    .controller('ReturnController', ReturnController)
    .controller('HelperController', HelperController)
    .controller('FactoryController', FactoryController)
    .controller('FailController', FailController)
    .controller('ViewController', ViewController)
    .middleware('TraceA', TraceA)
    .middleware('TraceB', TraceB)
    .middleware('TraceC', TraceC)
    .middleware('Block', Block)
    .middleware('WithClock', WithClock)
    .formRequest('StoreItemRequest', StoreItemRequest)
    .model('Item', Item)
    .bind('Clock', Clock)
    .bind('Calendar', Calendar)
    .view('hello', (data) => `<p>Hello, ${escapeHtml(String(data.name ?? ''))}!</p>`);
}
