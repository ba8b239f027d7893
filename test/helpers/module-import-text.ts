/**
 * A module whose code holds a dynamic import's text, which the test runner's runtime leaves to jest's own compile
 * (test/unit/jest-runtime.test.ts): a lazy `import('./module-identity')` would load its neighbour.
 */
import { requireIdentity } from './module-identity';

export const withImportText = () => ({ own: __filename, neighbour: requireIdentity().filename });
