/** A throw-away MariaDB/MySQL database per run, under TEST_MYSQL_URL (needs CREATE/DROP). */
import mysql from 'mysql2/promise';

export async function createDatabase(baseUrl) {
  const name = `atm_bench_${process.pid}_${Date.now().toString(36)}`;
  const connection = await mysql.createConnection(baseUrl);
  try {
    await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const [[{ version }]] = await connection.query('SELECT VERSION() AS version');
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return {
      url: url.href,
      serverVersion: version,
      drop: async () => {
        const c = await mysql.createConnection(baseUrl);
        try {
          await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
        } finally {
          await c.end();
        }
      },
    };
  } finally {
    await connection.end();
  }
}
