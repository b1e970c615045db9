import type { DataSource } from 'typeorm';

/**
 * Makes every INSERT into `table` fail, in the database itself (a trigger): a write that fails in
 * the middle of its transaction, wherever the code writing runs (a worker thread too, out of a
 * spy's reach). Resolves the function that removes the trigger.
 */
export async function failInsertsInto(dataSource: DataSource, table: string): Promise<() => Promise<void>> {
  const trigger = `${table}_fails_in_test`;
  const message = 'disk full (injected)';
  await dataSource.query(
    dataSource.options.type === 'better-sqlite3'
      ? `CREATE TRIGGER ${trigger} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, '${message}'); END`
      : `CREATE TRIGGER ${trigger} BEFORE INSERT ON ${table} FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '${message}'`,
  );
  return async () => {
    await dataSource.query(`DROP TRIGGER ${trigger}`);
  };
}
