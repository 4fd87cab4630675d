// A script (no import/export), so the wildcard declaration is global.

/** Plain CSS imported for its side effect; Vite bundles it into a stylesheet file. */
declare module '*.css'
