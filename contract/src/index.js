// @ts-check
export * from './constants.js';
export * from './search.js';
export * from './listing.js';
