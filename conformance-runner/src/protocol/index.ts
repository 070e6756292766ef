export * from './AdapterClient';
export * from './capabilities';
export * from './errors';
export * from './frameworkError';
export * from './manifest';
export * from './schemas';
export * from './world';
