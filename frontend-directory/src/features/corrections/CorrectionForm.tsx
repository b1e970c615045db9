import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CORRECTION_FIELDS,
  CORRECTION_KINDS,
  correctionProblems,
  normalizeShopValue,
  shopFieldProblem,
} from 'contract';
import { useSuggestShopCorrectionMutation } from '../../api/shopsApi';
import {
  correctionErrorsOf,
  fieldMessage,
  type CorrectionErrors,
  type CorrectionField,
} from './correctionErrors';
import { loadProofOfWorkWidget, useProofOfWork } from './proofOfWork';
import { RobotChecks, SendButton, SubmitterContact } from './VisitorFormParts';
import './corrections.css';

type TextField = keyof typeof CORRECTION_FIELDS;

/** The form's values as the API takes them, checked with the same rules the server applies. */
function readForm(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: TextField) =>
    normalizeShopValue(CORRECTION_FIELDS[name], String(data.get(name) ?? '')) as string | null;
  return {
    kind: String(data.get('kind') ?? ''),
    value: text('value'),
    comment: text('comment'),
    name: text('name'),
    email: text('email'),
    consent: data.get('consent') === 'yes',
    homepage: String(data.get('homepage') ?? ''),
  };
}

function problemsOf(t: ReturnType<typeof useTranslation>['t'], values: ReturnType<typeof readForm>) {
  const fields: CorrectionErrors['fields'] = {};
  if (!(CORRECTION_KINDS as readonly string[]).includes(values.kind))
    fields.kind = fieldMessage(t, 'kind', 'REQUIRED');
  for (const name of Object.keys(CORRECTION_FIELDS) as TextField[]) {
    const problem = shopFieldProblem(CORRECTION_FIELDS[name], values[name]);
    if (problem) fields[name] = fieldMessage(t, name, problem.code, problem.params);
  }
  for (const problem of correctionProblems(values))
    fields[problem.field] ??= fieldMessage(t, problem.field, problem.code);
  return fields;
}

/**
 * "Suggest a correction" on a shop's page: what is wrong, the correct value or a comment, and
 * optionally a name and e-mail (with consent) to hear the outcome. Server-rendered inside a
 * closed <details>, so it costs nothing until opened; the proof-of-work widget loads then.
 * Nothing is published: an administrator reviews every suggestion.
 */
export function CorrectionForm({ shopId }: { shopId: string }) {
  const { t, i18n } = useTranslation('directory');
  const id = useId();
  const proofOfWork = useProofOfWork(i18n);
  const confirmation = useRef<HTMLDivElement>(null);
  const [opened, setOpened] = useState(false);
  const [errors, setErrors] = useState<CorrectionErrors>({ fields: {} });
  const [reference, setReference] = useState<string | null>(null);
  const [suggest, { isLoading }] = useSuggestShopCorrectionMutation();

  useEffect(() => {
    if (opened) void loadProofOfWorkWidget(i18n);
  }, [opened, i18n]);
  useEffect(() => {
    if (reference) confirmation.current?.focus();
  }, [reference]);

  const busy = isLoading || proofOfWork.checking;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const values = readForm(form);
    const fields = problemsOf(t, values);
    setErrors({ fields });
    const first = Object.keys(fields)[0];
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const altcha = await proofOfWork.answer();
    if (!altcha) {
      setErrors({ fields: {}, form: t('correction.errors.PROOF_OF_WORK_FAILED') });
      return;
    }
    const { homepage, ...rest } = values;
    const result = await suggest({
      ...rest,
      shopId,
      kind: values.kind as (typeof CORRECTION_KINDS)[number],
      altcha,
      ...(homepage ? { homepage } : {}),
    });
    // An answer is spent whatever the outcome: the next attempt solves a new challenge.
    proofOfWork.spent();
    if ('data' in result && result.data) {
      form.reset();
      setReference(result.data.reference);
    } else if (result.error) {
      setErrors(correctionErrorsOf(t, result.error));
    }
  };

  const describedBy = (field: CorrectionField, hint?: string) =>
    [hint, errors.fields[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const error = (field: CorrectionField) =>
    errors.fields[field] ? (
      <p className="atm-correction__error" id={`${id}-${field}-error`}>
        {errors.fields[field]}
      </p>
    ) : null;

  return (
    <details className="atm-correction" onToggle={(event) => setOpened(event.currentTarget.open)}>
      <summary className="atm-correction__summary" id={`${id}-title`}>
        {t('correction.open')}
      </summary>
      {reference ? (
        <div className="atm-correction__done" role="status" tabIndex={-1} ref={confirmation}>
          <h2>{t('correction.done.title')}</h2>
          <p>
            {t('correction.done.reference')}{' '}
            <strong className="atm-correction__reference">{reference}</strong>
          </p>
          <p>{t('correction.done.note')}</p>
          <button type="button" className="atm-dir-link-button" onClick={() => setReference(null)}>
            {t('correction.done.another')}
          </button>
        </div>
      ) : (
        <form
          className="atm-correction__form"
          method="post"
          action="/api/requests/corrections"
          noValidate
          aria-labelledby={`${id}-title`}
          onSubmit={(event) => void onSubmit(event)}
          onFocus={() => setOpened(true)}
        >
          <p className="atm-correction__intro">{t('correction.intro')}</p>
          <input type="hidden" name="shopId" value={shopId} />
          <fieldset
            className="atm-correction__kinds"
            aria-describedby={errors.fields.kind ? `${id}-kind-error` : undefined}
          >
            <legend>{t('correction.kind.legend')}</legend>
            {CORRECTION_KINDS.map((kind) => (
              <label key={kind} className="atm-correction__kind">
                <input type="radio" name="kind" value={kind} defaultChecked={kind === 'phone'} />
                {t(`correction.kind.${kind}`)}
              </label>
            ))}
            {error('kind')}
          </fieldset>
          <label className="atm-correction__label" htmlFor={`${id}-value`}>
            {t('correction.value.label')}
          </label>
          <input
            id={`${id}-value`}
            className="atm-correction__input"
            name="value"
            maxLength={CORRECTION_FIELDS.value.max}
            aria-invalid={errors.fields.value ? true : undefined}
            aria-describedby={describedBy('value', `${id}-value-hint`)}
          />
          <p className="atm-correction__hint" id={`${id}-value-hint`}>
            {t('correction.value.hint')}
          </p>
          {error('value')}
          <label className="atm-correction__label" htmlFor={`${id}-comment`}>
            {t('correction.comment.label')}
          </label>
          <textarea
            id={`${id}-comment`}
            className="atm-correction__input"
            name="comment"
            rows={3}
            maxLength={CORRECTION_FIELDS.comment.max}
            aria-invalid={errors.fields.comment ? true : undefined}
            aria-describedby={describedBy('comment')}
          />
          {error('comment')}
          <SubmitterContact
            form={{ id, invalid: (field) => Boolean(errors.fields[field]), describedBy, error }}
            names={{ name: 'name', email: 'email' }}
          />
          <RobotChecks id={id} widget={proofOfWork.widget} />
          {errors.form && (
            <p className="atm-correction__error" role="alert">
              {errors.form}
            </p>
          )}
          <SendButton busy={busy} label={t('correction.submit')} busyLabel={t('correction.sending')} />
        </form>
      )}
    </details>
  );
}
