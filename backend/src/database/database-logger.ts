import { Logger } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';
import { codeOf } from '../common/database-errors.js';

/** A query's statement without its values (which can be a password hash or a session). */
export function statementOf(query: string): string {
  // The whitespace before the keyword is trimmed rather than matched: `\s+` would be tried from
  // every space of a long run that no keyword follows (quadratic time).
  const values = /\s(?:VALUES|SET|WHERE)\b/i.exec(query);
  return (values ? query.slice(0, values.index).trimEnd() : query).replace(/\s+/g, ' ').slice(0, 160);
}

/** TypeORM's failed queries as warnings, never their values: the caller decides what is an error. */
export class DatabaseLogger implements TypeOrmLogger {
  private readonly logger = new Logger('TypeORM');

  logQueryError(error: string | Error, query: string): void {
    // Waited out and run again (sqlite-lock-wait.ts): the caller sees the last one if it stays.
    if (codeOf(error) === 'SQLITE_BUSY') return;
    const message = error instanceof Error ? error.message : error;
    this.logger.warn(`Query failed (${statementOf(query)}): ${message}`);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn(String(message));
  }

  logQuery(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
}
