declare const __TROVE_VERSION__: string | undefined;

/** This build's version (from package.json; `dev` when run from source without Vite's define). */
export const version: string = typeof __TROVE_VERSION__ === 'string' ? __TROVE_VERSION__ : 'dev';
