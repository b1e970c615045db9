// What an operator relies on: request ids end to end, no secret in any log, metrics on their own
// port, a replica stopped under load losing nothing, and a restore interrupted all or nothing.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { makePng } from '../../../e2e/support/images.mjs';
import { request, waitFor } from '../support/processes.mjs';
import { it } from '../support/topology.mjs';

/** Registers these tests in the enclosing describe, against `topology` (support/topology.mjs). */
export function operationsTests(topology) {
  const {
    admin,
    secret,
    ports,
    backends,
    backendOutputs,
    startBackend,
    gatewayServesFrom,
    get,
    backendLines,
    backendLogged,
    send,
    logIn,
    listing,
  } = topology;

  it("request ids: the client's or the gateway's id reaches the backend's JSON log and comes back", async () => {
    const sent = `topology-${randomBytes(8).toString('hex')}`;
    const answered = await get('/api/shops', { 'X-Request-Id': sent });
    assert.equal(answered.status, 200);
    assert.equal(answered.headers['x-request-id'], sent);
    await waitFor(
      async () => topology.gatewayLog().includes(`request_id=${sent}`),
      'the gateway to log the id',
    );
    await backendLogged(sent);
    const line = backendLines().find((entry) => entry.requestId === sent);
    assert.equal(line.method, 'GET');
    assert.equal(line.path, '/api/shops');
    assert.equal(line.status, 200);
    assert.equal(typeof line.durationMs, 'number');
    assert.ok(!Number.isNaN(Date.parse(line.time)), line.time);

    const made = await get('/api/shops/categories?lang=es');
    const id = made.headers['x-request-id'];
    assert.match(id, /^[0-9a-f]{32}$/, 'nginx made up the id');
    await waitFor(
      async () => topology.gatewayLog().includes(`request_id=${id}`),
      'the gateway to log its id',
    );
    await backendLogged(id);
    assert.equal(backendLines().find((entry) => entry.requestId === id).path, '/api/shops/categories');
  });

  it('backend logs: JSON lines with the admin id, and no password, cookie, secret or URL signature', async () => {
    const cookie = await logIn();
    const me = await send('/api/auth/me', { headers: { Cookie: cookie } });
    const adminId = JSON.parse(me.body.toString()).id;
    const signed = await send('/api/admin/upload', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'logo' }),
    });
    const uploadUrl = new URL(JSON.parse(signed.body.toString()).uploadURL);
    const signature = uploadUrl.searchParams.get('signature');
    assert.ok(signature, uploadUrl.href);
    const put = await send(uploadUrl.pathname + uploadUrl.search, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: makePng(2, 2),
    });
    assert.equal(put.status, 200, put.body.toString());
    await backendLogged(me.headers['x-request-id']);

    const lines = backendLines(); // throws on a line that is not JSON
    assert.ok(lines.length > 20);
    assert.equal(lines.find((line) => line.requestId === me.headers['x-request-id']).userId, adminId);
    const text = backendOutputs.map((backend) => backend.output()).join('\n'); // stderr too
    for (const [what, value] of [
      ['a password', admin.password],
      ['the session secret', secret],
      ['a session cookie', cookie.split('=')[1]],
      ['a signed URL signature', signature],
    ])
      assert.ok(!text.includes(value), `the backend logged ${what}`);
    for (const line of lines.filter((entry) => entry.msg === 'request completed'))
      assert.ok(!line.path.includes('?'), line.path);
  });

  it('metrics answer on their own port, with requests by route, and not through the gateway', async () => {
    const scraped = await request(`http://127.0.0.1:${ports['metrics-a']}/metrics`);
    assert.equal(scraped.status, 200);
    const text = scraped.body.toString();
    assert.match(text, /http_requests_total\{method="GET",route="\/api\/shops",status="200"\} \d+/);
    assert.match(text, /http_request_duration_seconds_bucket\{/);
    assert.match(text, /atm_db_pool_connections\{state="in_use"\}/);
    assert.match(text, /nodejs_eventloop_lag_seconds/);
    const viaGateway = await get('/metrics');
    assert.doesNotMatch(viaGateway.body.toString(), /http_requests_total/);
    assert.equal(viaGateway.status, 404); // the shell's page for unknown paths
    assert.equal((await request(`http://127.0.0.1:${ports['backend-a']}/metrics`)).status, 404);
  });

  it('SIGTERM to a replica during a stream of public requests: none fails, it exits 0', async () => {
    const failures = [];
    let answered = 0;
    let streaming = true;
    // Four clients asking the public listing and a shop page without pause, as browsers would.
    const client = async () => {
      while (streaming) {
        const response = await get(answered % 2 ? '/api/shops' : '/api/shops/cities').catch((error) => ({
          status: error.message,
        }));
        if (response.status === 200) answered += 1;
        else failures.push(response.status);
      }
    };
    const clients = Array.from({ length: 4 }, client);
    await waitFor(async () => answered >= 40, 'the stream of requests to flow');
    const stopping = backends.a.whenExited();
    process.kill(backends.a.pid, 'SIGTERM');
    const exit = await stopping;
    const atExit = answered;
    await waitFor(async () => answered >= atExit + 40, 'requests to flow after the replica stopped');
    streaming = false;
    await Promise.all(clients);
    assert.deepEqual(exit, { code: 0, signal: null });
    assert.deepEqual(failures, []);
    assert.match(backends.a.output(), /"msg":"SIGTERM: draining \d+ request\(s\) for up to 20 s"/);
    assert.match(backends.a.output(), /"msg":"Stopped"/);
    await startBackend('a');
    await gatewayServesFrom('a');
  });

  it('a restore interrupted by SIGTERM leaves the directory exactly as before or as the backup', async () => {
    const cookie = await logIn();
    const backup = await send('/api/admin/backup/full', { method: 'POST', headers: { Cookie: cookie } });
    assert.equal(backup.status, 200);
    const asBackup = await listing();
    // Change the directory after the backup: the restore puts the old name back.
    const shop = asBackup.find((entry) => entry.name === 'Armería Topología');
    const renamed = await send(`/api/admin/shops/${shop.id}`, {
      method: 'PUT',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Armería Renombrada' }),
    });
    assert.equal(renamed.status, 200, renamed.body.toString());
    const asBefore = await listing();
    assert.notDeepEqual(asBefore, asBackup);

    // The restore straight to replica B, and SIGTERM to B as soon as the upload has gone out.
    const boundary = `topology${randomBytes(8).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="backupFile"; filename="backup.zip"\r\n` +
          'Content-Type: application/zip\r\n\r\n',
      ),
      backup.body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const stopping = backends.b.whenExited();
    const restored = new Promise((resolve) => {
      const req = http.request(
        `http://127.0.0.1:${ports['backend-b']}/api/admin/backup/restore`,
        {
          method: 'POST',
          headers: {
            Cookie: cookie,
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Content-Length': body.length,
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
          res.on('error', (error) => resolve({ status: error.message }));
        },
      );
      req.on('error', (error) => resolve({ status: error.message }));
      req.end(body, () => process.kill(backends.b.pid, 'SIGTERM'));
    });
    const [answer, exit] = await Promise.all([restored, stopping]);
    assert.deepEqual(exit, { code: 0, signal: null });
    // Whatever the replica managed before it stopped, the directory (served by A) is one of the two.
    const after = await listing();
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    assert.ok(same(after, asBefore) || same(after, asBackup), JSON.stringify({ answer, after }));
    const problems = backends.b
      .output()
      .split('\n')
      .filter((line) => /"level":"(error|warn)"/.test(line));
    if (typeof answer.status === 'number') {
      // The replica took the request: it drained, so the restore completed and answered.
      assert.equal(answer.status, 200, JSON.stringify({ answer, problems }));
      assert.ok(same(after, asBackup));
    } else {
      // The signal came first and the connection was never taken: nothing changed.
      assert.ok(same(after, asBefore), JSON.stringify({ answer, after }));
    }
    await startBackend('b');
  });
}
