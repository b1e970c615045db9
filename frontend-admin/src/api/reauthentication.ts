/**
 * Dangerous actions answer 403 REAUTHENTICATION_REQUIRED when the admin has not given their
 * password within the last minutes. Whoever gets that answer asks here; one prompt (the
 * ReauthDialog, mounted once by the admin app) serves every waiting call, and each sends its
 * action again once the admin has confirmed, or gives up when they cancel.
 */

type Listener = () => void;

let pending: { promise: Promise<boolean>; resolve: (confirmed: boolean) => void } | null = null;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((listener) => listener());

/** Whether an error body is the server's "confirm it is you". */
export function needsReauthentication(body: unknown): boolean {
  return Boolean(
    body && typeof body === 'object' && (body as { code?: unknown }).code === 'REAUTHENTICATION_REQUIRED',
  );
}

/** Opens the prompt (or joins the open one); true once the admin has re-authenticated. */
export function requestReauthentication(): Promise<boolean> {
  if (!pending) {
    let resolve!: (confirmed: boolean) => void;
    const promise = new Promise<boolean>((done) => (resolve = done));
    pending = { promise, resolve };
    emit();
  }
  return pending.promise;
}

/** The prompt's answer: confirmed (the password was accepted) or cancelled. */
export function settleReauthentication(confirmed: boolean): void {
  const current = pending;
  pending = null;
  emit();
  current?.resolve(confirmed);
}

export function isReauthenticationPending(): boolean {
  return pending !== null;
}

export function subscribeReauthentication(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
