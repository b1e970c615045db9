/**
 * The stall bench's prober, in a worker thread of the bench: it asks `GET <url>/api/health/live`
 * every `everyMs` (each on its own connection) and, when told to stop, answers the slowest answer
 * and the number of probes. In a thread of its own, what the bench itself does meanwhile (sending
 * a 3 MB upload, reading a 10 MB answer) does not delay its timers or its reads, so the slowest
 * answer is the server's.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { timedRequest } from './timed-request.mjs';

const { url, everyMs } = workerData;
const answers = [];
const pending = new Set();

const probe = () =>
  timedRequest(`${url}/api/health/live`).then(
    ({ ms }) => ms,
    () => Infinity,
  );

const timer = setInterval(() => {
  const answer = probe().then((ms) => answers.push(ms));
  pending.add(answer);
  answer.finally(() => pending.delete(answer));
}, everyMs);

parentPort.once('message', async () => {
  clearInterval(timer);
  await Promise.all(pending);
  parentPort.postMessage({ slowestMs: Math.max(0, ...answers), probes: answers.length });
});
