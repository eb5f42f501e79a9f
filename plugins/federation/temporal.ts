import { Temporal as Polyfill } from '@js-temporal/polyfill';

// Fedify's types name the standard Temporal (TypeScript's lib), which Node 24 does not have yet; its
// own code runs on this polyfill, so the objects handed to it are the polyfill's, typed as standard.
export const Temporal = Polyfill as unknown as typeof globalThis.Temporal;
