// @ts-check
export * from './constants.js';
