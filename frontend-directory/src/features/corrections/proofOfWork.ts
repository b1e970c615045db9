import { useCallback, useRef, useState } from 'react';
import type { i18n as I18n } from 'i18next';
import type {} from 'altcha/types/react';

/** Where the ALTCHA widget asks for a signed challenge. */
export const CHALLENGE_URL = '/api/requests/challenge';

/**
 * The widget's settings: no "ALTCHA" link (nothing from a third party, not even a link), no
 * pointer or scroll signature sent with the answer (we track no one), a check that starts as
 * soon as the visitor is in the form so it is usually done before they press Send.
 */
export const WIDGET_CONFIGURATION = JSON.stringify({
  hideFooter: true,
  hideLogo: true,
  humanInteractionSignature: false,
});

/** The widget's own words, from this remote's locale files. */
const WIDGET_STRING_KEYS = [
  'ariaLinkLabel',
  'cancel',
  'enterCode',
  'enterCodeAria',
  'enterCodeFromImage',
  'error',
  'expired',
  'footer',
  'getAudioChallenge',
  'label',
  'loading',
  'reload',
  'verify',
  'verificationRequired',
  'verified',
  'verifying',
  'waitAlert',
] as const;

interface AltchaGlobal {
  i18n: { set(language: string, strings: Record<string, string>): void };
}

let loading: Promise<void> | null = null;

/**
 * Loads the widget (its own chunk, only once a visitor opens a form) and gives it our Spanish
 * and English words. Browser only: the server renders the bare element.
 */
export function loadProofOfWorkWidget(i18n: I18n): Promise<void> {
  loading ??= import('altcha')
    .then(() => {
      const altcha = (globalThis as unknown as { $altcha?: AltchaGlobal }).$altcha;
      for (const language of ['es', 'en']) {
        const t = i18n.getFixedT(language, 'directory');
        const strings = Object.fromEntries(WIDGET_STRING_KEYS.map((key) => [key, t(`proofOfWork.${key}`)]));
        altcha?.i18n.set(language, strings);
      }
    })
    .catch(() => {
      // Offline or blocked: the next attempt loads it again; sending says the check is missing.
      loading = null;
    });
  return loading;
}

/** The parts of the widget (`altcha-widget`) the forms use. */
type ProofOfWorkWidget = HTMLElement & {
  verify?: () => Promise<{ payload?: string } | null>;
  getState?: () => string;
  reset?: () => void;
};

/** The answer the widget has put in the form, if it has one. */
function answerIn(widget: HTMLElement): string | undefined {
  const answers = widget.querySelectorAll<HTMLInputElement>('input[name="altcha"]');
  return [...answers].find((input) => input.value)?.value;
}

/**
 * Waits for the check under way to end (the widget says so in a `statechange` event); its answer,
 * or null when it failed or expired.
 */
function checkUnderWay(widget: HTMLElement): Promise<string | null> {
  return new Promise((resolve) => {
    const changed = (event: Event) => {
      const { state, payload } =
        (event as CustomEvent<{ state?: string; payload?: string | null }>).detail ?? {};
      if (state === 'verifying') return;
      widget.removeEventListener('statechange', changed);
      resolve(state === 'verified' ? (answerIn(widget) ?? payload ?? null) : null);
    };
    widget.addEventListener('statechange', changed);
  });
}

/**
 * The widget's answer. A check already under way (it starts as the visitor enters the form) is
 * waited for: the widget's verify() would abort it and start again with a new challenge, so a
 * visitor on a slow phone who sends before it ends would wait for the whole work a second time.
 * A check that has not started, or that failed, is run now.
 */
async function proofOfWorkAnswer(widget: HTMLElement | null): Promise<string | null> {
  const element = widget as ProofOfWorkWidget | null;
  if (!element) return null;
  const ready = answerIn(element);
  if (ready) return ready;
  if (!element.verify) return null;
  if (element.getState?.() === 'verifying') {
    const answer = await checkUnderWay(element);
    if (answer) return answer;
  }
  const result = await element.verify().catch(() => null);
  return result?.payload ?? null;
}

/**
 * A visitor form's proof of work: the widget's ref (for RobotChecks); `answer` for Send, which
 * loads the widget if it has not come yet; `checking` while that runs (seconds on a slow phone:
 * Send says it is sending and is disabled, since a second press would only wait for the same
 * answer); and `spent`, after a request, since an answer is good once and the next attempt
 * solves a new challenge.
 */
export function useProofOfWork(i18n: I18n) {
  const widget = useRef<HTMLElement>(null);
  const [checking, setChecking] = useState(false);
  const answer = useCallback(async () => {
    setChecking(true);
    try {
      await loadProofOfWorkWidget(i18n);
      return await proofOfWorkAnswer(widget.current);
    } finally {
      setChecking(false);
    }
  }, [i18n]);
  const spent = useCallback(() => (widget.current as ProofOfWorkWidget | null)?.reset?.(), []);
  return { widget, checking, answer, spent };
}
