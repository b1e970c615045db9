import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGO_ICON_KEYS, SHOP_FIELD } from 'contract';
import { useRequestShopListingMutation } from '../../api/shopsApi';
import { loadProofOfWorkWidget, useProofOfWork } from '../corrections/proofOfWork';
import { RobotChecks, SendButton, SubmitterContact } from '../corrections/VisitorFormParts';
import { SHOP_INPUTS } from '../shop-fields/shopFieldViews';
import { QuarantinedImageInput } from './QuarantinedImageInput';
import { listingErrorsOf, listingProblems, readListingForm, type ListingErrors } from './listingRequestForm';
import '../corrections/corrections.css';
import './list-my-shop.css';

/**
 * "Registrar mi taller" / "List my shop": a gunsmith sends the shop's details with the fields and
 * rules of the administrators' shop form, and optionally a name and e-mail (with consent) to
 * hear the outcome. The same proof of work, honeypot and limits as a correction. Nothing is
 * published: an administrator reviews the request and creates the shop unverified.
 */
export function ListMyShopPage() {
  const { t, i18n } = useTranslation('directory');
  const id = useId();
  const proofOfWork = useProofOfWork(i18n);
  const confirmation = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<ListingErrors>({ fields: {} });
  const [reference, setReference] = useState<string | null>(null);
  const [send, { isLoading }] = useRequestShopListingMutation();
  // The visitor's uploaded images (quarantined paths), which stand for the logo and the map.
  const [uploads, setUploads] = useState<{ logo: string | null; mapImageUrl: string | null }>({
    logo: null,
    mapImageUrl: null,
  });

  useEffect(() => void loadProofOfWorkWidget(i18n), [i18n]);
  useEffect(() => {
    if (reference) confirmation.current?.focus();
  }, [reference]);

  const busy = isLoading || proofOfWork.checking;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const values = readListingForm(form, uploads);
    const fields = listingProblems(t, values);
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
    // The verification is the administrators' alone: the API refuses it from a visitor.
    const shop = Object.fromEntries(
      Object.entries(values.shop.values).filter(([name]) => name !== 'isVerified'),
    );
    const result = await send({
      shop: shop as unknown as Parameters<typeof send>[0]['shop'],
      name: values.contactName,
      email: values.contactEmail,
      consent: values.consent,
      altcha,
      ...(values.homepage ? { homepage: values.homepage } : {}),
    });
    // An answer is spent whatever the outcome: the next attempt solves a new challenge.
    proofOfWork.spent();
    if ('data' in result && result.data) {
      form.reset();
      setUploads({ logo: null, mapImageUrl: null });
      setReference(result.data.reference);
    } else if (result.error) {
      const answer = listingErrorsOf(t, result.error);
      setErrors(answer);
      const field = Object.keys(answer.fields)[0];
      if (field) form.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
    }
  };

  const describedBy = (field: string, hint?: string) =>
    [hint ? `${id}-${field}-hint` : undefined, errors.fields[field] ? `${id}-${field}-error` : undefined]
      .filter(Boolean)
      .join(' ') || undefined;
  const error = (field: string) =>
    errors.fields[field] ? (
      <p className="atm-correction__error" id={`${id}-${field}-error`}>
        {errors.fields[field]}
      </p>
    ) : null;
  const labelled = (field: string, label: ReactNode, required: boolean) => (
    <label className="atm-correction__label" htmlFor={`${id}-${field}`}>
      {label}
      {required && <span aria-hidden="true"> *</span>}
    </label>
  );

  const shopInput = ({ name, type, autoComplete, hint, inputMode }: (typeof SHOP_INPUTS)[number]) => {
    const definition = SHOP_FIELD[name];
    const common = {
      id: `${id}-${name}`,
      name,
      className: 'atm-correction__input',
      required: definition.required || undefined,
      'aria-invalid': errors.fields[name] ? true : undefined,
      'aria-describedby': describedBy(name, hint),
    };
    const max = 'max' in definition && definition.kind !== 'categories' ? definition.max : undefined;
    const control =
      type === 'textarea' ? (
        <textarea {...common} rows={5} maxLength={max} />
      ) : type === 'logo' ? (
        // Not `required`: one icon is always chosen, and HTML forbids a required select whose
        // first option is a real choice rather than an empty placeholder.
        <select {...common} required={undefined} defaultValue={LOGO_ICON_KEYS[0]}>
          {LOGO_ICON_KEYS.map((key) => (
            <option key={key} value={key}>
              {t(`listMyShop.logoIcon.${key}`)}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={type ?? 'text'}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={max}
        />
      );
    return (
      <div className="atm-list-my-shop__field" key={name}>
        {labelled(name, t(`listMyShop.field.${name}`), definition.required)}
        {control}
        {hint && (
          <p className="atm-correction__hint" id={`${id}-${name}-hint`}>
            {t(`listMyShop.hint.${hint}`)}
          </p>
        )}
        {error(name)}
        {(name === 'logo' || name === 'mapImageUrl') && (
          <QuarantinedImageInput
            id={`${id}-${name}-upload`}
            kind={name === 'logo' ? 'logo' : 'map'}
            label={t(`listMyShop.upload.${name}`)}
            onChange={(path) => setUploads((current) => ({ ...current, [name]: path }))}
            proofOfWork={proofOfWork}
          />
        )}
      </div>
    );
  };

  return (
    <div className="atm-dir-main atm-list-my-shop">
      <h1 className="atm-list-my-shop__title">{t('listMyShop.title')}</h1>
      {reference ? (
        <div className="atm-correction__done" role="status" tabIndex={-1} ref={confirmation}>
          <h2>{t('listMyShop.done.title')}</h2>
          <p>
            {t('correction.done.reference')}{' '}
            <strong className="atm-correction__reference">{reference}</strong>
          </p>
          <p>{t('listMyShop.done.note')}</p>
          <button type="button" className="atm-dir-link-button" onClick={() => setReference(null)}>
            {t('listMyShop.done.another')}
          </button>
        </div>
      ) : (
        <form
          className="atm-correction atm-list-my-shop__form"
          method="post"
          action="/api/requests/listings"
          noValidate
          aria-label={t('listMyShop.title')}
          onSubmit={(event) => void onSubmit(event)}
        >
          <p className="atm-correction__intro">{t('listMyShop.intro')}</p>
          <p className="atm-correction__hint">{t('listMyShop.required')}</p>
          <fieldset>
            <legend>{t('listMyShop.shopLegend')}</legend>
            {SHOP_INPUTS.map(shopInput)}
          </fieldset>
          <SubmitterContact
            form={{ id, invalid: (field) => Boolean(errors.fields[field]), describedBy, error }}
            names={{ name: 'contactName', email: 'contactEmail' }}
          />
          <RobotChecks id={id} widget={proofOfWork.widget} />
          {errors.form && (
            <p className="atm-correction__error" role="alert">
              {errors.form}
            </p>
          )}
          <SendButton busy={busy} label={t('listMyShop.submit')} busyLabel={t('listMyShop.sending')} />
        </form>
      )}
    </div>
  );
}
