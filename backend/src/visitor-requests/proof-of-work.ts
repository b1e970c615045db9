import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ApiError } from '../common/api-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { RateLimits } from '../rate-limits/rate-limits.service.js';

/** How long a challenge may be solved and sent: long enough to fill the form in. */
export const CHALLENGE_LIFETIME_MS = 30 * 60_000;

/** For people reading the API; the screens translate the code PROOF_OF_WORK_FAILED. */
export const PROOF_OF_WORK_FAILED =
  'The anti-spam check is missing, wrong, expired or already used. Please send the form again.';

const proofFailed = () => new ApiError(400, 'PROOF_OF_WORK_FAILED', PROOF_OF_WORK_FAILED);

/** The proof of work visitors' forms carry (ALTCHA): a signed challenge, each answer taken once; no cookie. */
@Injectable()
export class ProofOfWork {
  private readonly secret: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limits: RateLimits,
  ) {
    // Its own key from the session secret: a leaked challenge key could not sign sessions.
    this.secret = createHmac('sha256', config.session.secret).update('altcha-challenge').digest('hex');
  }

  /** A new signed challenge, as the ALTCHA widget fetches it. */
  challenge(now = Date.now()): Promise<Challenge> {
    const { proofOfWorkCost, proofOfWorkMaxCounter } = this.config.visitorRequests;
    return createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: proofOfWorkCost,
      counter: randomInt(Math.floor(proofOfWorkMaxCounter / 2), proofOfWorkMaxCounter),
      deriveKey,
      expiresAt: new Date(now + CHALLENGE_LIFETIME_MS),
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: this.secret,
    });
  }

  /** Checks the widget's answer (base64 JSON) and spends it; throws 400 when it does not hold. */
  async spend(answer: unknown): Promise<void> {
    const payload = decode(answer);
    if (!payload) throw proofFailed();
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: this.secret,
    }).catch(() => null);
    if (!result?.verified) throw proofFailed();
    // Answered once: the first claim of its signature on any instance wins (decode() checked its type).
    const signature = payload.challenge.signature as string;
    if (!(await this.limits.once('proof-of-work.spent', signature))) throw proofFailed();
  }
}

function decode(answer: unknown): Payload | null {
  if (typeof answer !== 'string' || answer.length > 4096) return null;
  try {
    const payload = JSON.parse(Buffer.from(answer, 'base64').toString('utf8')) as Payload;
    const ok =
      typeof payload?.challenge?.signature === 'string' &&
      typeof payload.challenge.parameters === 'object' &&
      typeof payload.solution?.counter === 'number' &&
      typeof payload.solution.derivedKey === 'string';
    return ok ? payload : null;
  } catch {
    return null;
  }
}
