import type { DataSource, ObjectLiteral } from 'typeorm';

/** A number on its way through TypeORM's parameter escaping, to be bound rather than written into the SQL. */
class BoundNumber {
  constructor(readonly value: number) {}
}

/**
 * TypeORM's SQLite drivers write each number parameter into the SQL text as a literal
 * (`VALUES (?, ?, 19.035868, ...)`), so every write with a timestamp, a coordinate or a counter
 * is a statement of its own: parsed and prepared anew, cached by the driver only until a hundred
 * others push it out, and its native memory (4-12 KB) held until V8 collects its wrapper, which
 * V8 does not hurry for memory it cannot see. Writing 10,000 shops (a restore) held 130 MB of
 * such statements in glibc's heap, kept by the process afterwards. Here numbers are bound as
 * parameters, as TypeORM already binds them inside arrays and booleans: one statement per shape
 * of query, reused. better-sqlite3 binds a number as a REAL, which SQLite stores by the column's
 * affinity (an INTEGER column keeps an integer), and compares with a column by its affinity.
 */
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
