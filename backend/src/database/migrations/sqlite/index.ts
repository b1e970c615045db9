import { Init1795317388746 } from './1795317388746-Init.js';

/** SQLite migrations in the order they run; add new ones at the end. */
export const sqliteMigrations = [Init1795317388746];
