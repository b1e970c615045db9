import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { CORRECTION_FIELDS } from 'contract';
import { CHALLENGE_URL, WIDGET_CONFIGURATION } from './proofOfWork';
import { useOnline } from '../offline/useOnline';

/** How a visitor's form shows a field's state: ids from `id`, its own error lines and hints. */
export interface VisitorFormState<F extends string> {
  id: string;
  invalid: (field: F) => boolean;
  describedBy: (field: F) => string | undefined;
  error: (field: F) => ReactNode;
}

/**
 * The submitter's optional name and e-mail with the consent line, shared by a correction and a
 * listing request, under the field names each request's API uses (`names`).
 */
export function SubmitterContact<F extends string>({
  form,
  names,
}: {
  form: VisitorFormState<F | 'consent'>;
  names: { name: F; email: F };
}) {
  const { t } = useTranslation('directory');
  const { id, invalid, describedBy, error } = form;
  const input = (field: F, label: string, extra: { type?: 'email'; autoComplete: string; max?: number }) => (
    <>
      <label className="atm-correction__label" htmlFor={`${id}-${field}`}>
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        className="atm-correction__input"
        name={field}
        type={extra.type}
        autoComplete={extra.autoComplete}
        maxLength={extra.max}
        aria-invalid={invalid(field) ? true : undefined}
        aria-describedby={describedBy(field)}
      />
      {error(field)}
    </>
  );
  return (
    <fieldset className="atm-correction__contact">
      <legend>{t('correction.contact.legend')}</legend>
      {input(names.name, t('correction.name.label'), {
        autoComplete: 'name',
        max: CORRECTION_FIELDS.name.max,
      })}
      {input(names.email, t('correction.email.label'), {
        type: 'email',
        autoComplete: 'email',
        max: CORRECTION_FIELDS.email.max,
      })}
      <label className="atm-correction__consent">
        <input
          type="checkbox"
          name="consent"
          value="yes"
          aria-invalid={invalid('consent') ? true : undefined}
          aria-describedby={describedBy('consent')}
        />
        {t('correction.consent')}
      </label>
      {error('consent')}
    </fieldset>
  );
}

/**
 * What keeps robots out of both forms without tracking anyone: a field people never see or reach
 * (a robot that fills it is not queued), and the proof of work (ALTCHA) solved by the browser.
 */
export function RobotChecks({ id, widget }: { id: string; widget: RefObject<HTMLElement | null> }) {
  const { i18n } = useTranslation('directory');
  return (
    <>
      <div className="atm-correction__trap" aria-hidden="true">
        <label htmlFor={`${id}-homepage`}>Homepage</label>
        <input id={`${id}-homepage`} name="homepage" tabIndex={-1} autoComplete="off" />
      </div>
      <altcha-widget
        ref={widget}
        challenge={CHALLENGE_URL}
        name="altcha"
        auto="onfocus"
        language={i18n.language.startsWith('en') ? 'en' : 'es'}
        configuration={WIDGET_CONFIGURATION}
        suppressHydrationWarning
      />
    </>
  );
}

/**
 * A visitor form's Send button, which says "Sending…" while `busy` (the proof of work, then the
 * request). aria-disabled rather than disabled: a disabled button drops keyboard focus to the
 * page's body, so a visitor who pressed it with the keyboard would start again from the top.
 * The form itself ignores a submit while busy.
 */
export function SendButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  const { t } = useTranslation('directory');
  // Offline (a page the service worker kept) the form still opens: it says sending waits for a
  // connection. What was typed stays, as after any failed send. A live region present from the
  // start, so the line is read when it appears.
  const online = useOnline();
  return (
    <>
      <p className="atm-correction__offline" role="status">
        {online ? null : t('offline.form')}
      </p>
      <button type="submit" className="atm-dir-button" aria-disabled={busy || undefined}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
