/**
 * The activity log that years of keeping a directory of this size leave behind (the
 * log is part of every full backup, so the backup bench must carry one). Written through the
 * real API, so every entry is the product's own, in its own transaction: after each shop's
 * `shop.created`, one edit of its phone and description (`shop.updated` with old and new
 * values), a quarter more verified and a twentieth unverified again in bulk (one entry per
 * shop), a login per hundred shops and a few failed ones, and a data backup now and then.
 */
import { ADMIN, login } from './seed.mjs';
import { rawRequest } from './server.mjs';

/** The most ids one POST /api/admin/shops/bulk takes (MAX_BULK_SHOPS in the backend). */
const BULK_MAX = 1000;

async function expectStatus(promise, wanted, what) {
  const res = await promise;
  if (!wanted.includes(res.status)) throw new Error(`${what} answered ${res.status}: ${res.body}`);
  return res;
}

async function bulk(url, cookie, action, ids) {
  for (let i = 0; i < ids.length; i += BULK_MAX) {
    await expectStatus(
      rawRequest('POST', `${url}/api/admin/shops/bulk`, {
        headers: { cookie },
        body: { action, ids: ids.slice(i, i + BULK_MAX) },
      }),
      [200],
      `POST /api/admin/shops/bulk (${action})`,
    );
  }
}

/** Entries in the log now (GET /api/admin/activity answers the total with any page). */
export async function activityTotal(url, cookie) {
  const res = await expectStatus(
    rawRequest('GET', `${url}/api/admin/activity?pageSize=1`, { headers: { cookie } }),
    [200],
    'GET /api/admin/activity',
  );
  return JSON.parse(res.body).total;
}

/**
 * Writes the history of the shops `ids` (created already), `parallel` edits at a time.
 * Returns { seconds, entries } (entries: the whole log afterwards).
 */
export async function writeHistory(url, cookie, ids, parallel = 8) {
  const started = performance.now();
  let next = 0;
  async function editor() {
    while (next < ids.length) {
      const i = next++;
      // A phone and a description changed, as when a shop moves its workshop or its hours.
      const digits = String((i * 7919) % 1e7).padStart(7, '0');
      await expectStatus(
        rawRequest('PUT', `${url}/api/admin/shops/${ids[i]}`, {
          headers: { cookie },
          body: {
            phone: `+52 55 ${digits.slice(0, 3)} ${digits.slice(3)}`,
            description:
              `Taller certificado por la alianza (revisión ${i + 1}). Reparación, ajuste y ` +
              'mantenimiento de armas deportivas y de caza; atención de lunes a sábado con cita.',
          },
        }),
        [200],
        `PUT /api/admin/shops/${ids[i]}`,
      );
      // Now and then an administrator starts a new session (argon2id, so sparingly).
      if (i % 100 === 99) await login(url);
      if (i % 2000 === 1999)
        await expectStatus(
          rawRequest('POST', `${url}/api/admin/backup/data`, { headers: { cookie } }),
          [200],
          'POST /api/admin/backup/data',
        );
    }
  }
  await Promise.all(Array.from({ length: parallel }, editor));
  // Verification rounds: every fourth shop verified, every twentieth's verification withdrawn.
  await bulk(
    url,
    cookie,
    'verify',
    ids.filter((_, i) => i % 4 === 1),
  );
  await bulk(
    url,
    cookie,
    'unverify',
    ids.filter((_, i) => i % 20 === 1),
  );
  // A few mistyped passwords (under the throttle's 10 in a row), each followed by a good login.
  for (let i = 0; i < 5; i++) {
    await expectStatus(
      rawRequest('POST', `${url}/api/auth/login`, {
        body: { username: ADMIN.username, password: `${ADMIN.password}-mal` },
      }),
      [401],
      'a wrong login',
    );
    await login(url);
  }
  return { seconds: (performance.now() - started) / 1000, entries: await activityTotal(url, cookie) };
}
