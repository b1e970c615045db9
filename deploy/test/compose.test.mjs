// docker-compose.yml as Docker Compose reads it: valid, the whole topology, and refused without
// the secrets of .env. Only the file is checked: no Docker engine runs here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { has } from './support/processes.mjs';
import { ROOT } from './support/topology.mjs';

const DEPLOY = join(ROOT, 'deploy');
const skipCompose = has('docker-compose', ['version'])
  ? false
  : 'skipped: docker-compose is not installed (apt-get install --no-install-recommends docker-compose)';

// Each test skipped by itself, so a run counts both (node:test never runs a skipped suite's body).
describe('docker-compose.yml', () => {
  const compose = (...args) =>
    spawnSync(
      'docker-compose',
      ['--env-file', join(DEPLOY, '.env.example'), '-f', join(ROOT, 'docker-compose.yml'), ...args],
      {
        encoding: 'utf8',
        cwd: ROOT,
      },
    );

  it('is valid for docker-compose and defines the whole topology', { skip: skipCompose }, () => {
    const checked = compose('config', '-q');
    assert.equal(checked.status, 0, checked.stderr);
    const services = compose('config', '--services').stdout.trim().split('\n').sort();
    assert.deepEqual(services, [
      'backend-a',
      'backend-b',
      'frontend-admin',
      'frontend-directory',
      'frontend-shell',
      'garage',
      'gateway',
      'mysql',
    ]);
    const resolved = compose('config').stdout;
    assert.match(resolved, /image: mysql:8\./);
    assert.match(resolved, /image: dxflrs\/garage:v2\./);
    assert.match(resolved, /S3_ENDPOINT: http:\/\/garage:3900/);
    assert.match(resolved, /PUBLIC_URL: http:\/\/atm\.localhost/);
    assert.match(resolved, /GARAGE_DEFAULT_BUCKET: atm-images/);
    assert.match(resolved, /\/api\/health\/ready/);
    assert.match(resolved, /S3_BUCKET: atm-images/);
    assert.match(resolved, /DATABASE_URL: mysql:\/\/atm:change-me-mysql@mysql:3306\/atm/);
  });

  it('refuses to start without the secrets of .env', { skip: skipCompose }, () => {
    const result = spawnSync('docker-compose', ['-f', join(ROOT, 'docker-compose.yml'), 'config', '-q'], {
      encoding: 'utf8',
      cwd: tmpdir(), // no .env here
      env: { ...process.env, SESSION_SECRET: '', MYSQL_PASSWORD: '' },
    });
    assert.notEqual(result.status, 0);
    assert.match(
      result.stderr,
      /set (MYSQL_PASSWORD|SESSION_SECRET|MYSQL_ROOT_PASSWORD|GARAGE_RPC_SECRET|S3_ACCESS_KEY_ID|S3_SECRET_ACCESS_KEY) in \.env/,
    );
  });
});
