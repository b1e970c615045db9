import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { stopClockAt, unitSuite } from '../../test/support/unit-module.js';
import { RateLimitCounter } from './rate-limit.entity.js';
import { RateLimits } from './rate-limits.service.js';

const NOW = Date.UTC(2026, 10, 23, 12);
const MINUTE = 60_000;

describe('RateLimits', () => {
  const unit = unitSuite([RateLimits], { env: { VISITOR_REQUESTS_PER_ADDRESS_PER_HOUR: '3' } });
  const limits = unit.provider(RateLimits);

  beforeAll(async () => {
    // Three submissions an hour from one address keep the loops short.
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const takeTimes = async (times: number, ...parts: string[]) => {
    for (let i = 0; i < times; i++) await limits.take('visitor-submission.address', ...parts);
  };

  it('counts each attempt before the work, and refuses the one past the limit with its 429 and the wait', async () => {
    stopClockAt(NOW);
    await takeTimes(3, '203.0.113.1');
    jest.setSystemTime(NOW + 20 * MINUTE);
    await expect(limits.take('visitor-submission.address', '203.0.113.1')).rejects.toMatchObject({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      retryAfterSeconds: 40 * 60,
    });
    // What is counted is the key: another address has its own count.
    await takeTimes(3, '203.0.113.2');
    // The window is over an hour after the first attempt.
    jest.setSystemTime(NOW + 60 * MINUTE + 1);
    await takeTimes(3, '203.0.113.1');
  });

  it('keeps a login refused for 15 minutes from the refusal, however the window stood', async () => {
    stopClockAt(NOW);
    for (let i = 0; i < 10; i++) await limits.take('login.address-account', '203.0.113.3', 'carmen');
    jest.setSystemTime(NOW + 14 * MINUTE);
    await expect(limits.take('login.address-account', '203.0.113.3', 'carmen')).rejects.toMatchObject({
      code: 'TOO_MANY_LOGIN_ATTEMPTS',
      retryAfterSeconds: 15 * 60,
      details: { params: { minutes: 15 } },
    });
    jest.setSystemTime(NOW + 14 * MINUTE + 15 * MINUTE + 1);
    await limits.take('login.address-account', '203.0.113.3', 'carmen');
  });

  it('gives one attempt back, and forgives the whole count', async () => {
    await takeTimes(3, '203.0.113.4');
    await limits.giveBack('visitor-submission.address', '203.0.113.4');
    await takeTimes(1, '203.0.113.4');
    await expect(takeTimes(1, '203.0.113.4')).rejects.toMatchObject({ status: 429 });
    await limits.forgive('visitor-submission.address', '203.0.113.4');
    await takeTimes(3, '203.0.113.4');
  });

  it('answers true to the first claim of a thing within its window only', async () => {
    stopClockAt(NOW);
    expect(await limits.once('digest.hour', '2026-11-23T12')).toBe(true);
    expect(await limits.once('digest.hour', '2026-11-23T12')).toBe(false);
    expect(await limits.once('digest.hour', '2026-11-23T13')).toBe(true);
    jest.setSystemTime(NOW + 25 * 60 * MINUTE + 1);
    expect(await limits.once('digest.hour', '2026-11-23T12')).toBe(true);
  });

  it('keeps no address or name it counts, only a hash of them', async () => {
    await takeTimes(1, '192.0.2.200', 'someone-secret');
    const rows = JSON.stringify(await unit.dataSource.query('SELECT * FROM rate_limit'));
    expect(rows).not.toContain('192.0.2.200');
    expect(rows).not.toContain('someone-secret');
  });

  it('deletes the counters whose window and block are over, and only those', async () => {
    await unit.dataSource.getRepository(RateLimitCounter).clear();
    stopClockAt(NOW);
    await takeTimes(1, '203.0.113.5');
    jest.setSystemTime(NOW + 30 * MINUTE);
    await takeTimes(1, '203.0.113.6');
    expect(await limits.deleteExpired(NOW + 61 * MINUTE)).toBe(1);
    expect(await unit.dataSource.getRepository(RateLimitCounter).count()).toBe(1);
  });
});
