import { DataSource } from 'typeorm';
import { PendingObject } from './database.entity.js';
import { bindNumbersAsParameters } from './sqlite-number-parameters.js';

describe('bindNumbersAsParameters (SQLite)', () => {
  let dataSource: DataSource;
  let prepared: string[];

  beforeEach(async () => {
    dataSource = await new DataSource({
      type: 'better-sqlite3',
      database: ':memory:',
      entities: [PendingObject],
      synchronize: true,
    }).initialize();
    bindNumbersAsParameters(dataSource);
    const connection = dataSource.driver as unknown as {
      databaseConnection: { prepare(sql: string): unknown };
    };
    const db = connection.databaseConnection;
    const prepare = db.prepare.bind(db);
    prepared = [];
    db.prepare = (sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    };
  });

  afterEach(() => dataSource.destroy());

  it('prepares one statement for writes that differ only in their numbers', async () => {
    const repository = dataSource.getRepository(PendingObject);
    for (const [i, createdAt] of [1_732_630_000_000, 1_732_630_000_001, 1_732_630_000_002].entries())
      await repository.insert({ key: `uploads/${i}`, createdAt });
    const inserts = prepared.filter((sql) => sql.startsWith('INSERT'));
    expect(new Set(inserts).size).toBe(1);
    expect(inserts[0]).not.toMatch(/1732630000/);
  });

  it('stores and compares numbers by the column: integers stay integers, comparisons are numeric', async () => {
    const repository = dataSource.getRepository(PendingObject);
    await repository.insert([
      { key: 'a', createdAt: 9 },
      { key: 'b', createdAt: 10 },
      { key: 'c', createdAt: 1_732_630_000_123 },
    ]);
    const newer = await repository
      .createQueryBuilder('p')
      .where('p.createdAt >= :since', { since: 10 })
      .orderBy('p.key')
      .getMany();
    expect(newer.map((row) => [row.key, row.createdAt])).toEqual([
      ['b', 10],
      ['c', 1_732_630_000_123],
    ]);
    const [{ kind }] = (await dataSource.query(
      `SELECT typeof(created_at) AS kind FROM pending_object WHERE key = 'c'`,
    )) as { kind: string }[];
    expect(kind).toBe('integer');
    const [{ sum }] = (await repository
      .createQueryBuilder('p')
      .select('p.createdAt + :fraction', 'sum')
      .where('p.key = :key', { key: 'a', fraction: 0.25 })
      .getRawMany()) as { sum: number }[];
    expect(sum).toBe(9.25);
  });
});
