/**
 * The package's programmatic API: `import { certify } from 'fw-conformance'`. A Node.js
 * framework's own test runner certifies the framework in its own process and reads the report
 * object that conformance.json holds (README, "Calling the suite from a test").
 */
export { certify } from './certify';
export * from './types';
