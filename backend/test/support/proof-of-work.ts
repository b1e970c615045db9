import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import request from 'supertest';

/** Solves a challenge as the ALTCHA widget does: its base64 answer. */
export async function answerTo(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Asks the server for a challenge and solves it: its base64 answer. */
export async function solvedProof(url: string): Promise<string> {
  return answerTo((await request(url).get('/api/requests/challenge').expect(200)).body as Challenge);
}

/** A correctly shaped answer whose work is wrong (another counter and key). */
export async function wrongProof(url: string): Promise<string> {
  const challenge = (await request(url).get('/api/requests/challenge').expect(200)).body as Challenge;
  const solution = { counter: 12345, derivedKey: '00'.repeat(32) };
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
