import { beforeAll, describe, expect, it } from '@jest/globals';
import { RECOVERY_CODE_COUNT } from 'contract';
import type { AdminUser } from '../../../admin-users/admin-user.entity.js';
import { unitSuite } from '../../../../test/support/unit-module.js';
import { RecoveryCode } from './recovery-code.entity.js';
import { RecoveryCodesService } from './recovery-codes.service.js';

describe('RecoveryCodesService', () => {
  const unit = unitSuite([RecoveryCodesService]);
  const codes = unit.provider(RecoveryCodesService);
  let carmen: AdminUser;

  beforeAll(async () => {
    carmen = await unit.addAdmin('carmen');
  });

  const replace = (admin: AdminUser) =>
    unit.dataSource.transaction((manager) => codes.replace(admin.id, manager));

  it('hands out a set of distinct codes once, easy to copy, and keeps only their hashes', async () => {
    const issued = await replace(carmen);
    expect(issued).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(issued).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of issued) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    const stored = await unit.dataSource.query(
      'SELECT code_hash FROM admin_recovery_code WHERE admin_id = ?',
      [carmen.id],
    );
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    const columns = JSON.stringify(stored);
    for (const code of issued) {
      expect(columns).not.toContain(code);
      expect(columns).not.toContain(code.replace('-', ''));
    }
    expect(await codes.remainingOf(carmen.id)).toBe(RECOVERY_CODE_COUNT);
  });

  it('takes a code however it is typed, once only', async () => {
    const [first, second] = await replace(carmen);
    expect(await codes.use(carmen.id, ` ${first.toUpperCase().replace('-', ' - ')} `)).toBe(true);
    expect(await codes.use(carmen.id, first)).toBe(false);
    expect(await codes.use(carmen.id, second.replace('-', ''))).toBe(true);
    expect(await codes.remainingOf(carmen.id)).toBe(RECOVERY_CODE_COUNT - 2);
  });

  it('refuses another account’s code, a code of the old set, and text that is no code', async () => {
    const luis = await unit.addAdmin('luis');
    const [luisCode] = await replace(luis);
    const [oldCode] = await replace(carmen);
    const [current] = await replace(carmen);
    expect(await codes.use(carmen.id, luisCode)).toBe(false);
    expect(await codes.use(carmen.id, oldCode)).toBe(false);
    // Letters that look alike (0/o, 1/l/i) are not in the alphabet: such text is never a code.
    expect(await codes.use(carmen.id, '0o1li-0o1li')).toBe(false);
    expect(await codes.use(carmen.id, `${current}x`)).toBe(false);
    expect(await codes.use(luis.id, luisCode)).toBe(true);
    expect(await codes.use(carmen.id, current)).toBe(true);
  });

  it('lets only one of two requests racing with the same code through', async () => {
    const [code] = await replace(carmen);
    const results = await Promise.all([codes.use(carmen.id, code), codes.use(carmen.id, code)]);
    expect(results.sort()).toEqual([false, true]);
  });

  it('removes every code of one account, in the caller’s transaction', async () => {
    const luis = await unit.addAdmin('luis-2');
    await replace(luis);
    await replace(carmen);
    const removed = await unit.dataSource.transaction((manager) => codes.removeAllOf(carmen.id, manager));
    expect(removed).toBe(RECOVERY_CODE_COUNT);
    expect(await codes.remainingOf(carmen.id)).toBe(0);
    expect(await unit.dataSource.getRepository(RecoveryCode).countBy({ adminId: luis.id })).toBe(
      RECOVERY_CODE_COUNT,
    );
  });
});
