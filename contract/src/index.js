// @ts-check
export * from './constants.js';
export * from './search.js';
