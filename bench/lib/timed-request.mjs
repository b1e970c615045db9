/**
 * One request on its own connection, its answer read to the end and thrown away; resolves the
 * status and the milliseconds from sending to the answer's last byte. Without imports of its own
 * beyond node:http, so the stall bench's prober thread loads nothing else.
 */
import http from 'node:http';

/** `localAddress`: the loopback address to send from (127.0.0.x), for limits kept per address. */
export function timedRequest(url, { method = 'GET', headers = {}, body, localAddress } = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: false, localAddress }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode, ms: performance.now() - started }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}
