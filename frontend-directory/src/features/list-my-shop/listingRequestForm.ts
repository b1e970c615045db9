import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { TFunction } from 'i18next';
import {
  checkListingShop,
  consentProblems,
  CORRECTION_FIELDS,
  LISTING_SHOP_FIELD_NAMES,
  normalizeShopValue,
  shopFieldProblem,
} from 'contract';

/** The contact's fields, named apart from the shop's `name` and `email` in the form. */
type ContactField = 'contactName' | 'contactEmail' | 'consent';

/** What the visitor is told: a message per field (shop fields by their schema name), and one for the form. */
export interface ListingErrors {
  fields: Record<string, string>;
  form?: string;
}

/** The form's values as the API takes them: the shop (checked by the shop schema), the contact, the trap. */
export function readListingForm(
  form: HTMLFormElement,
  uploads: { logo: string | null; mapImageUrl: string | null } = { logo: null, mapImageUrl: null },
) {
  const data = new FormData(form);
  const raw = (name: string) => String(data.get(name) ?? '');
  const shop: Record<string, unknown> = {};
  for (const name of LISTING_SHOP_FIELD_NAMES) {
    const value = raw(name);
    // Categories are typed as one line, separated by commas; the schema trims and removes repeats.
    shop[name] = name === 'categories' ? (value.trim() ? value.split(',') : []) : value;
  }
  // An uploaded image stands for the logo or the map the visitor would otherwise name.
  for (const [name, path] of Object.entries(uploads)) if (path) shop[name] = path;
  const contact = (name: 'name' | 'email', field: string) =>
    normalizeShopValue(CORRECTION_FIELDS[name], raw(field)) as string | null;
  return {
    shop: checkListingShop(shop),
    contactName: contact('name', 'contactName'),
    contactEmail: contact('email', 'contactEmail'),
    consent: data.get('consent') === 'yes',
    homepage: raw('homepage'),
  };
}

/** A field's problem in the visitor's language, from its code (never the API's English sentence). */
export function listingFieldMessage(
  t: TFunction,
  field: string,
  code: string,
  params?: Record<string, string | number>,
): string {
  return t(
    [
      `listMyShop.errors.${field}.${code}`,
      `listMyShop.errors.${code}`,
      `correction.errors.${field}.${code}`,
      `correction.errors.${code}`,
      'correction.errors.invalid',
    ],
    params,
  );
}

/** The problems the server would answer, found before sending: the same contract rules. */
export function listingProblems(
  t: TFunction,
  values: ReturnType<typeof readListingForm>,
): ListingErrors['fields'] {
  const fields: ListingErrors['fields'] = {};
  for (const problem of values.shop.problems)
    if (problem.field !== 'isVerified')
      fields[problem.field] ??= listingFieldMessage(t, problem.field, problem.code, problem.params);
  const contact = { contactName: values.contactName, contactEmail: values.contactEmail };
  for (const [field, definition] of [
    ['contactName', CORRECTION_FIELDS.name],
    ['contactEmail', CORRECTION_FIELDS.email],
  ] as const) {
    const problem = shopFieldProblem(definition, contact[field]);
    if (problem) fields[field] ??= listingFieldMessage(t, field, problem.code, problem.params);
  }
  for (const problem of consentProblems({ ...values, name: values.contactName, email: values.contactEmail }))
    fields[problem.field] ??= listingFieldMessage(t, problem.field, problem.code);
  return fields;
}

const CONTACT_FIELDS: readonly string[] = ['contactName', 'contactEmail', 'consent'] satisfies ContactField[];

interface ApiErrorBody {
  code?: string;
  errors?: { field: string; code: string; params?: Record<string, string | number> }[];
}

/** Turns a failed submission into messages: `shop.<name>` beside that field, the rest for the form. */
export function listingErrorsOf(t: TFunction, error: FetchBaseQueryError | SerializedError): ListingErrors {
  const body = ('data' in error ? error.data : undefined) as ApiErrorBody | undefined;
  const status = 'status' in error ? error.status : undefined;
  const fields: ListingErrors['fields'] = {};
  for (const problem of body?.errors ?? []) {
    const field = problem.field.startsWith('shop.')
      ? problem.field.slice(5)
      : problem.field === 'email' || problem.field === 'name'
        ? `contact${problem.field[0].toUpperCase()}${problem.field.slice(1)}`
        : problem.field;
    const known =
      (LISTING_SHOP_FIELD_NAMES as readonly string[]).includes(field) || CONTACT_FIELDS.includes(field);
    if (known) fields[field] ??= listingFieldMessage(t, field, problem.code, problem.params);
  }
  if (Object.keys(fields).length) return { fields };
  if (status === 413) return { fields: { description: t('correction.errors.TOO_LONG_BODY') } };
  const code = body?.code;
  if (code === 'TOO_MANY_REQUESTS') return { fields, form: t('listMyShop.errors.TOO_MANY_REQUESTS') };
  if (code === 'PROOF_OF_WORK_FAILED') return { fields, form: t('correction.errors.PROOF_OF_WORK_FAILED') };
  return { fields, form: t('correction.errors.generic') };
}
