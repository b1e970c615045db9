import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import unzipper from 'unzipper';
import { VisitorDataRetentionService } from '../../src/visitor-requests/visitor-data-retention.service.js';
import { shopBody } from '../support/fixtures.js';
import { binary } from '../support/held-put.js';
import { loggedInAdmin } from '../support/http.js';
import { solvedProof } from '../support/proof-of-work.js';
import { DIALECTS, startAppOnFreshDatabase } from '../support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
const DAY_MS = 86_400_000;

/** Every line the app's pino logger wrote (the request lines and Nest's, as in production). */
class CapturedLog {
  readonly raw: string[] = [];
  write(chunk: string): void {
    this.raw.push(...chunk.split('\n').filter(Boolean));
  }
}

/**
 * An SMTP server that refuses every recipient the way Postfix does, naming the address in its
 * answer (`550 5.1.1 <a@b>: Recipient address rejected: ...`): what a failed outcome message
 * brings back to the backend's log.
 */
async function refusingSmtpServer() {
  const refused: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      refused.push(address.address);
      callback(
        Object.assign(
          new Error(
            `5.1.1 <${address.address}>: Recipient address rejected: User unknown in virtual mailbox table`,
          ),
          { responseCode: 550 },
        ),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `check` holds, trying again every 20 ms. */
async function eventually(check: () => boolean, timeout = 5000): Promise<void> {
  const end = Date.now() + timeout;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * The security review's finding: erasing a submitter's data nulled the columns, but the e-mail,
 * name and comment were still in the SQLite file's free space and in its write-ahead log. Here
 * the bytes of the file (and of the log) are searched after the retention job erased them; on
 * MariaDB, where InnoDB's undo log and page free space are out of the application's reach
 * (docs/security.md, "Privacy of visitors' requests"), the row's columns are checked.
 */
/**
 * One capture for the whole file: nestjs-pino keeps one root logger per process (the first
 * app's), so every app this file starts writes its lines here. Each test reads its own lines.
 */
const log = new CapturedLog();

describe.each(DIALECTS)("an erased submitter's data is gone on %s", (dialect) => {
  let server: Started;
  let smtp: Awaited<ReturnType<typeof refusingSmtpServer>>;
  let admin: TestAgent;
  let shopId: string;
  let appClosed = false;

  const sqliteFile = () => (server.config.database.type === 'sqlite' ? server.config.database.path : '');
  /** The database file and, when present, its write-ahead log, byte for byte. */
  const databaseBytes = (): { file: string; bytes: Buffer }[] => {
    const path = sqliteFile();
    return [path, `${path}-wal`]
      .filter((file) => existsSync(file))
      .map((file) => ({ file, bytes: readFileSync(file) }));
  };
  /** The files (among `databaseBytes`) holding `text` as UTF-8, as SQLite stores text. */
  const filesHolding = (text: string) =>
    databaseBytes()
      .filter(({ bytes }) => bytes.includes(Buffer.from(text, 'utf8')))
      .map(({ file }) => file);
  const backupTexts = async (): Promise<string[]> => {
    const data = await admin.post('/api/admin/backup/data').buffer(true).parse(binary).expect(200);
    const full = await admin.post('/api/admin/backup/full').buffer(true).parse(binary).expect(200);
    const zip = await unzipper.Open.buffer(full.body as Buffer);
    const entries = await Promise.all(
      zip.files.map(async (entry) => (await entry.buffer()).toString('utf8')),
    );
    return [(data.body as Buffer).toString('utf8'), ...entries];
  };

  beforeAll(async () => {
    smtp = await refusingSmtpServer();
    server = await startAppOnFreshDatabase(
      dialect,
      { VISITOR_DATA_RETENTION_DAYS: '30', LOG_FORMAT: 'json', SMTP_URL: smtp.url },
      { logDestination: log },
    );
    // Nest's own lines through pino, as main.ts has them in production.
    server.app.useLogger(server.app.get(PinoNestLogger));
    admin = await loggedInAdmin(server.url);
    shopId = (await admin.post('/api/admin/shops').send(shopBody()).expect(201)).body.id;
  });
  afterAll(async () => {
    if (appClosed) await server.database.drop();
    else await server.close();
    await smtp.close();
  });

  it('erases the e-mail, name and comment from the row, the database files, later backups and the logs', async () => {
    const since = log.raw.length;
    const lines = () => log.raw.slice(since);
    const tag = randomBytes(8).toString('hex');
    const email = `erase-me-${tag}@example.com`;
    const name = `Érika Borrada ${tag}`;
    const comment = `Mi vecino ${tag} lo sabe: cerraron el local de enfrente`;
    const reference = (
      await request(server.url)
        .post('/api/requests/corrections')
        .send({
          shopId,
          kind: 'address',
          value: 'Calle Borrada 12, Centro',
          comment,
          name,
          email,
          consent: true,
          altcha: await solvedProof(server.url),
        })
        .expect(201)
    ).body.reference as string;
    // Another visitor's request, sent after it and still waiting: the erased row is not the last
    // one in its page (the last one's space is reused from the page's end, which happens to
    // overwrite an erased e-mail even without secure_delete).
    const neighbour = `keep-me-${tag}@example.com`;
    await request(server.url)
      .post('/api/requests/corrections')
      .send({
        shopId,
        kind: 'phone',
        value: '222 765 4321',
        email: neighbour,
        consent: true,
        altcha: await solvedProof(server.url),
      })
      .expect(201);
    const id = (
      await admin.get('/api/admin/requests').query({ pageSize: 100, status: 'pending' }).expect(200)
    ).body.items.find((item: { reference: string }) => item.reference === reference).id as string;
    await admin.post(`/api/admin/requests/${id}/reject`).send({ reason: 'No es correcto' }).expect(200);
    // The outcome message is refused, naming the address: the failure is logged.
    await eventually(() => lines().some((line) => line.includes('could not be sent')));
    expect(smtp.refused).toEqual([email]);
    expect(lines().filter((line) => line.includes('could not be sent'))).toHaveLength(1);

    const secrets = { email, name, comment };
    if (dialect === 'sqlite') {
      // The search finds them while they are kept: an absence below means something.
      for (const secret of Object.values(secrets)) expect(filesHolding(secret)).not.toEqual([]);
    }

    const retention = server.app.get(VisitorDataRetentionService);
    expect(await retention.eraseExpired(Date.now() + 29 * DAY_MS)).toBe(0);
    expect(await retention.eraseExpired(Date.now() + 31 * DAY_MS)).toBe(1);

    const [row] = (await server.dataSource.query(
      'SELECT reference, type, status, decided_by, decision_reason, submitter_name, submitter_email, submitter_address, comment, proposed_value, duplicate_key, personal_data_erased_at FROM visitor_request WHERE id = ?',
      [id],
    )) as Record<string, unknown>[];
    expect(row).toMatchObject({
      reference,
      type: 'correction',
      status: 'rejected',
      decided_by: 'admin',
      decision_reason: 'No es correcto',
      submitter_name: null,
      submitter_email: null,
      submitter_address: null,
      comment: null,
      duplicate_key: null,
      // A value for one of the shop's fields is the record of what was proposed, not the visitor's.
      proposed_value: 'Calle Borrada 12, Centro',
    });
    expect(row.personal_data_erased_at).not.toBeNull();

    if (dialect === 'sqlite') {
      // While the app runs: the erasure emptied the log into the file, which kept no copy; the
      // request still waiting keeps its submitter's address.
      expect(
        Object.fromEntries(Object.entries(secrets).map(([key, text]) => [key, filesHolding(text)])),
      ).toEqual({
        email: [],
        name: [],
        comment: [],
      });
      expect(filesHolding(neighbour)).toEqual([sqliteFile()]);
    }

    // Backups taken after the erasure carry none of it (only pending requests are backed up).
    const backups = (await backupTexts()).join('\n');
    expect(backups).toContain(shopId);
    for (const secret of Object.values(secrets)) expect(backups).not.toContain(secret);

    // Nothing logged the address or the name: the refused message, the decision, the erasure.
    // The logger writes asynchronously: wait for the erasure's own line before reading them all.
    const erasedLine = () => lines().some((line) => line.includes('Erased the personal data of 1'));
    await eventually(erasedLine);
    expect(erasedLine()).toBe(true);
    const logged = lines().join('\n');
    expect(logged).not.toContain(email);
    expect(logged).not.toContain(tag);

    if (dialect === 'sqlite') {
      // And once the app has stopped (SQLite checkpoints and removes the log as it closes).
      await server.app.close();
      appClosed = true;
      expect(Object.values(secrets).flatMap((text) => filesHolding(text))).toEqual([]);
    }
  });
});
