import { describe, expect, it } from '@jest/globals';
import { statementOf } from './database-logger.js';

describe('statementOf', () => {
  it('keeps the statement and drops what was written or looked for', () => {
    expect(statementOf('INSERT INTO "session"("id", "data") VALUES (?, ?) -- PARAMETERS: ["s", "{}"]')).toBe(
      'INSERT INTO "session"("id", "data")',
    );
    expect(statementOf('UPDATE admin_user\n  SET password_hash = ? WHERE id = ?')).toBe('UPDATE admin_user');
    expect(statementOf('SELECT * FROM shop WHERE name = "secret"')).toBe('SELECT * FROM shop');
  });
});
