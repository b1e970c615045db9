import type { DataSource, ObjectLiteral } from 'typeorm';

/** A number on its way through TypeORM's parameter escaping, to be bound rather than written into the SQL. */
class BoundNumber {
  constructor(readonly value: number) {}
}

/** Binds numbers TypeORM's SQLite drivers inline, so writes reuse statements (affinity stores them alike). */
export function bindNumbersAsParameters(dataSource: DataSource): void {
  if (dataSource.options.type !== 'better-sqlite3') return;
  const driver = dataSource.driver;
  const escape = driver.escapeQueryWithParameters.bind(driver);
  driver.escapeQueryWithParameters = (sql: string, parameters: ObjectLiteral): [string, unknown[]] => {
    const wrapped = Object.fromEntries(
      Object.entries(parameters ?? {}).map(([key, value]) => [
        key,
        typeof value === 'number' ? new BoundNumber(value) : value,
      ]),
    );
    const [escapedSql, values] = escape(sql, wrapped);
    return [escapedSql, values.map((value) => (value instanceof BoundNumber ? value.value : value))];
  };
}
