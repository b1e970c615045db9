import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseDatabase, resolveDataDir } from '../config/database.config.js';
import { ConfigError } from '../config/env-values.js';

/**
 * `npm run migration:<command> -w backend` on this environment's database, through TypeORM's CLI:
 *   generate <Name>  applies pending migrations, then writes what the entities add to
 *                    src/database/migrations/<dialect>/<timestamp>-<Name>.ts
 *   run              applies pending migrations (the app also does at start)
 *   revert           undoes the last applied migration
 */
const USAGE = 'usage: migration-cli.js generate <Name> | run | revert';

const typeormCli = fileURLToPath(import.meta.resolve('typeorm/cli.js'));
const dataSource = fileURLToPath(new URL('./cli-data-source.js', import.meta.url));

function typeorm(...args: string[]): void {
  const { status } = spawnSync(process.execPath, [typeormCli, ...args, '-d', dataSource], {
    stdio: 'inherit',
  });
  if (status !== 0) process.exit(status ?? 1);
}

function main([command, name]: string[]): void {
  if (command === 'run') return typeorm('migration:run');
  if (command === 'revert') return typeorm('migration:revert');
  if (command !== 'generate' || !name || !/^[A-Z][A-Za-z0-9]*$/.test(name)) {
    console.error(`${USAGE}\n(<Name> in PascalCase, e.g. AddShopPhone)`);
    process.exit(2);
  }
  const dialect = parseDatabase(process.env, resolveDataDir(process.env)).type;
  // TypeORM compares the entities with the database as it is: bring it up to date first.
  typeorm('migration:run');
  typeorm('migration:generate', `src/database/migrations/${dialect}/${name}`);
  console.log(
    `Next: npx prettier --write src/database/migrations/${dialect}, list the new class at the end of ` +
      `src/database/migrations/${dialect}/index.ts, and generate it for the other dialect too ` +
      `(${dialect === 'sqlite' ? 'with DATABASE_URL=mysql://...' : 'without DATABASE_URL'}).`,
  );
}

try {
  main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
}
