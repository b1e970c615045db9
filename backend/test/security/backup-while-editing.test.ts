import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import unzipper from 'unzipper';
import { JobLockService } from '../../src/database/job-lock.service.js';
import { ImageSweepService } from '../../src/backup/image-sweep.service.js';
import { noisyPng, shopBody } from '../support/fixtures.js';
import { loggedInAdmin, sessionCookie } from '../support/http.js';
import { waitUntil } from '../support/processes.js';
import { startS3Server } from '../support/s3-server.js';
import { ANY_DIALECT, DIALECTS, startAppOnFreshDatabase } from '../support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
// The sweep's rules are SQL (every dialect); the S3 store once, since its deletes are its own.
const combinations = [
  ...DIALECTS.map((dialect) => [dialect, 'local'] as const),
  [ANY_DIALECT[0], 's3'] as const,
];

const SHOPS = 12;
const afterGracePeriod = () => Date.now() + 24 * 3_600_000 + 1;
const objectPathOf = (uploadURL: string) => {
  const { pathname } = new URL(uploadURL);
  return `/objects${pathname.slice(pathname.lastIndexOf('/uploads/'))}`;
};

describe.each(combinations)(
  'security: a full backup taken while shops are edited, on %s with %s storage',
  (dialect, storage) => {
    let server: Started;
    let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
    let admin: TestAgent;
    let cookie: string;
    /** Destroyed before the server closes, whatever the test did, so closing does not wait. */
    const openSockets: Socket[] = [];

    beforeAll(async () => {
      s3 = storage === 's3' ? await startS3Server() : undefined;
      server = await startAppOnFreshDatabase(dialect, s3?.env ?? {});
      admin = await loggedInAdmin(server.url);
      const login = await request(server.url)
        .post('/api/auth/login')
        .send({ username: 'admin', password: 'first-secret' });
      cookie = sessionCookie(login)!.split(';')[0];
    });
    afterAll(async () => {
      for (const socket of openSockets) socket.destroy();
      await server.close();
      await s3?.close();
    });

    /** A fresh ~300 KB logo uploaded through a link, as the admin page does; returns its path. */
    async function uploadLogo(): Promise<string> {
      const url = (await admin.post('/api/admin/upload').send({ type: 'logo' }).expect(201)).body.uploadURL;
      await request(url).put('').set('Content-Type', 'image/png').send(noisyPng(400, 400)).expect(200);
      return objectPathOf(url);
    }

    it('#37 holds every image its shops.json names while every logo is replaced and the sweep runs', async () => {
      const ids: string[] = [];
      const oldLogos: string[] = [];
      for (let i = 0; i < SHOPS; i++) {
        const logo = await uploadLogo();
        oldLogos.push(logo);
        ids.push(
          (
            await admin
              .post('/api/admin/shops')
              .send(shopBody({ name: `Taller ${i}`, logo }))
              .expect(201)
          ).body.id,
        );
      }

      // The download starts and then stops being read, like a very slow connection: the socket
      // is paused (the kernel stops taking bytes once its buffers are full), so the server has
      // read shops.json and is stuck writing images. HTTP/1.0: the body is plain bytes to the end.
      const { host, hostname, port } = new URL(server.url);
      const socket = connect(Number(port), hostname);
      openSockets.push(socket);
      const received: Buffer[] = [];
      const readThenStop = (chunk: Buffer) => {
        received.push(chunk);
        socket.pause();
      };
      socket.on('data', readThenStop);
      socket.write(
        `POST /api/admin/backup/full HTTP/1.0\r\nHost: ${host}\r\nCookie: ${cookie}\r\nContent-Length: 0\r\n\r\n`,
      );
      await waitUntil(() => received.length > 0, 'the first bytes of the backup');
      const locks = server.app.get(JobLockService);
      expect(await locks.isAnyHeld('full-backup:')).toBe(true);

      // Meanwhile every logo is replaced, and a sweep that stands past the grace period runs.
      for (const id of ids)
        await admin
          .put(`/api/admin/shops/${id}`)
          .send({ logo: await uploadLogo() })
          .expect(200);
      const sweeper = server.app.get(ImageSweepService);
      expect(await sweeper.sweep(afterGracePeriod())).toEqual({ skipped: 'a full backup is being written' });

      // Still being written after all that: the edits and the sweep happened mid-download.
      expect(await locks.isAnyHeld('full-backup:')).toBe(true);
      socket.off('data', readThenStop);
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      socket.resume();
      await once(socket, 'end');
      const whole = Buffer.concat(received);
      const headerEnd = whole.indexOf('\r\n\r\n');
      expect(whole.subarray(0, headerEnd).toString()).toMatch(/^HTTP\/1\.1 200 /);
      const zip = await unzipper.Open.buffer(whole.subarray(headerEnd + 4));
      const read = async (name: string) =>
        (await zip.files.find((file) => file.path === name)!.buffer()).toString();
      const manifest = JSON.parse(await read('manifest.json'));
      const named = (JSON.parse(await read('shops.json')) as { logo: string }[]).map((shop) => shop.logo);
      expect(named.sort()).toEqual([...oldLogos].sort());
      expect(manifest.missingImages).toEqual([]);
      const archived = Object.values(manifest.files as Record<string, { path?: string }>).map(
        (file) => file.path,
      );
      expect(archived).toEqual(expect.arrayContaining(named));
      expect(manifest.counts.images).toBe(SHOPS);

      // Once the backup is written, the sweep deletes the replaced logos and keeps the new ones.
      // The server records the download after its last byte, then lets the lock go.
      await waitUntil(async () => !(await locks.isAnyHeld('full-backup:')), 'the backup lock released');
      expect(await sweeper.sweep(afterGracePeriod())).toMatchObject({ deleted: SHOPS });
      for (const logo of oldLogos) await request(server.url).get(logo).expect(404);
      const shops = (await request(server.url).get('/api/shops').expect(200)).body as { logo: string }[];
      for (const shop of shops) await request(server.url).get(shop.logo).expect(200);
    });
  },
);
