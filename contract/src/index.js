// @ts-check
export * from './constants.js';
export * from './shop-schema.js';
export * from './shop-rules.js';
export * from './search.js';
export * from './listing.js';
export * from './visitor-requests.js';
export * from './public-pages.js';
export * from './mexico.js';
