import { Init1795317090118 } from './1795317090118-Init.js';

/** SQLite migrations in the order they run; add new ones at the end. */
export const sqliteMigrations = [Init1795317090118];
