import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { TFunction } from 'i18next';

/** The fields of the form that can carry their own message. */
export type CorrectionField = 'kind' | 'value' | 'comment' | 'name' | 'email' | 'consent';
const FIELDS: readonly string[] = ['kind', 'value', 'comment', 'name', 'email', 'consent'];

/** What the visitor is told: a message per field, and one for the whole form. */
export interface CorrectionErrors {
  fields: Partial<Record<CorrectionField, string>>;
  form?: string;
}

interface ApiErrorBody {
  code?: string;
  errors?: { field: string; code: string; params?: Record<string, string | number> }[];
}

/** A field's problem in the visitor's language, from its code (never the API's English sentence). */
export function fieldMessage(
  t: TFunction,
  field: string,
  code: string,
  params?: Record<string, string | number>,
): string {
  return t(
    [`correction.errors.${field}.${code}`, `correction.errors.${code}`, 'correction.errors.invalid'],
    params,
  );
}

/** Turns a failed submission into messages; network and unknown failures become one for the form. */
export function correctionErrorsOf(
  t: TFunction,
  error: FetchBaseQueryError | SerializedError,
): CorrectionErrors {
  const body = ('data' in error ? error.data : undefined) as ApiErrorBody | undefined;
  const status = 'status' in error ? error.status : undefined;
  const fields: CorrectionErrors['fields'] = {};
  for (const problem of body?.errors ?? []) {
    if (FIELDS.includes(problem.field) && !fields[problem.field as CorrectionField])
      fields[problem.field as CorrectionField] = fieldMessage(t, problem.field, problem.code, problem.params);
  }
  if (Object.keys(fields).length) return { fields };
  if (status === 413) return { fields: { comment: t('correction.errors.TOO_LONG_BODY') } };
  const code = body?.code;
  if (code && ['PROOF_OF_WORK_FAILED', 'SHOP_NOT_FOUND', 'TOO_MANY_REQUESTS'].includes(code))
    return { fields, form: t(`correction.errors.${code}`) };
  return { fields, form: t('correction.errors.generic') };
}
