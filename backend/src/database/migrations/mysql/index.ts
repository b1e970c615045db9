import { Init1795317091333 } from './1795317091333-Init.js';

/** MySQL/MariaDB migrations in the order they run; add new ones at the end. */
export const mysqlMigrations = [Init1795317091333];
