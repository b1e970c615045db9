import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { AuthenticationCredentialDto, RegistrationCredentialDto } from 'contract/api-types';

/** Why the browser gave no passkey: the admin cancelled or let it time out, none is possible, or it exists. */
export type CeremonyFailure = 'cancelled' | 'unsupported' | 'alreadyRegistered';

/** The browser's side of a passkey ceremony did not finish; `reason` says what to tell the admin. */
export class PasskeyCeremonyError extends Error {
  constructor(readonly reason: CeremonyFailure) {
    super(reason);
  }
}

function failure(error: unknown): PasskeyCeremonyError {
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return new PasskeyCeremonyError('alreadyRegistered');
  }
  return new PasskeyCeremonyError('cancelled');
}

/** Asks the browser (and the admin's device) to make a passkey from the server's options. */
export async function createPasskey(options: Record<string, unknown>): Promise<RegistrationCredentialDto> {
  if (!browserSupportsWebAuthn()) throw new PasskeyCeremonyError('unsupported');
  try {
    const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
    return (await startRegistration({ optionsJSON })) as unknown as RegistrationCredentialDto;
  } catch (error) {
    throw failure(error);
  }
}

/** Asks the browser for a passkey's signature over the server's challenge. */
export async function signWithPasskey(
  options: Record<string, unknown>,
): Promise<AuthenticationCredentialDto> {
  if (!browserSupportsWebAuthn()) throw new PasskeyCeremonyError('unsupported');
  try {
    const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
    return (await startAuthentication({ optionsJSON })) as unknown as AuthenticationCredentialDto;
  } catch (error) {
    throw failure(error);
  }
}

/** The sentence for a failure of either side: the browser's reason, or the server's code. */
export function passkeyFailureText(
  t: (key: string) => string,
  errorText: (failure: unknown, fallback: string) => string,
  error: unknown,
  fallback: string,
): string {
  if (error instanceof PasskeyCeremonyError) {
    return error.reason === 'alreadyRegistered'
      ? t('errors.PASSKEY_ALREADY_REGISTERED')
      : t(`passkeys.${error.reason}`);
  }
  return errorText(error, fallback);
}
