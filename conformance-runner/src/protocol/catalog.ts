/** The names of the probe catalog (protocol §4): what every adapter ports. */
export const CATALOG_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  EchoController: [
    'none', 'untyped', 'string', 'int', 'float', 'bool', 'pair', 'mixed', 'withRequest', 'requestLast',
    'requestNamed', 'withService', 'withDefault', 'withForm', 'withModel', 'withCalendar',
  ],
  InjectedController: ['show'],
  PhotoController: ['index', 'create', 'store', 'show', 'edit', 'update', 'destroy'],
  PlainController: ['hello', 'hidden'],
  ReturnController: [
    'response', 'jsonResponse', 'redirectResponse', 'array', 'list', 'object', 'string', 'emptyString',
    'int', 'float', 'true', 'false', 'null',
  ],
  HelperController: [
    'responseContent', 'responseFull', 'responseFactory', 'jsonDefault', 'jsonFull', 'redirectDefault',
    'redirectStatus', 'viewDefault', 'viewFull', 'introspect',
  ],
  FactoryController: [
    'json', 'text', 'noContent', 'view', 'redirect', 'redirectRoute', 'success', 'created', 'error',
    'validationError', 'notFound',
  ],
  FailController: ['explode'],
  ViewController: ['render'],
};

export const CATALOG_MIDDLEWARE: readonly string[] = ['TraceA', 'TraceB', 'TraceC', 'Block', 'WithClock'];

export function isCatalogAction(controller: string, action: string): boolean {
  return CATALOG_ACTIONS[controller]?.includes(action) ?? false;
}
