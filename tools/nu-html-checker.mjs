// The Nu Html Checker (the W3C validator's engine, as the vnu-jar package ships it) over HTML
// files: the backend's server-rendered pages (backend/test/valid-html.test.ts) and the screens as
// the browser has drawn them (the end-to-end journeys). It runs on Java, a clear failure when the
// machine has none (CI installs default-jre-headless).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

function requireJava() {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      'The Nu Html Checker (vnu.jar) needs a Java runtime on PATH: apt-get install default-jre-headless',
    );
  }
}

/**
 * Checks each named document ({ name, html }) in one run of the checker and resolves the errors
 * (a warning is advice, an error is a broken rule of the HTML standard), each as
 * "<name> line <n>: <message> [<extract>]". It also fails when the checker passed over a
 * document: with --verbose it names on stdout each file it checked.
 */
export async function htmlErrors(documents) {
  requireJava();
  const folder = mkdtempSync(join(tmpdir(), 'atm-vnu-'));
  try {
    const files = documents.map(({ name, html }, index) => {
      const file = join(folder, `${index}-${name.replace(/[^a-z0-9]+/gi, '_').slice(0, 80)}.html`);
      writeFileSync(file, html);
      return file;
    });
    const { checked, messages } = await new Promise((resolve, reject) => {
      execFile(
        'java',
        ['-Xss4m', '-jar', VNU_JAR, '--format', 'json', '--verbose', ...files],
        { maxBuffer: 64 * 1024 * 1024 },
        (_error, stdout, stderr) => {
          // Exit status 1 means "errors found": the report says which, so it is read either way.
          try {
            resolve({ checked: stdout.split('\n').filter(Boolean), messages: JSON.parse(stderr).messages });
          } catch {
            reject(new Error(`vnu.jar gave no JSON report: ${stderr.slice(0, 2000)}`));
          }
        },
      );
    });
    const unchecked = files.filter((file) => !checked.includes(file));
    if (unchecked.length) throw new Error(`the Nu Html Checker did not check ${unchecked.join(', ')}`);
    return messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .map(
        (message) =>
          `${documents[files.findIndex((file) => message.url?.endsWith(file))]?.name ?? message.url}` +
          ` line ${message.lastLine}: ${message.message} [${message.extract?.slice(0, 160) ?? ''}]`,
      );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
