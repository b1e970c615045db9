import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ERROR_CODES, FIELD_ERROR_CODES } from 'contract';
import type { FieldErrorDto } from 'contract/api-types';
import { addNamespace } from 'frontend-common';
import { apiErrorBody, apiFieldErrors, type AnyError } from '../api/apiError';
import en from './locales/en/admin.json';
import es from './locales/es/admin.json';

export const ADMIN_NS = 'admin';

/** Adds this remote's texts to the page's one i18next instance (never a second instance). */
export function registerAdminTranslations(): void {
  addNamespace(ADMIN_NS, { es, en });
}

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);
const KNOWN_FIELD_CODES: ReadonlySet<string> = new Set(FIELD_ERROR_CODES);

/**
 * Why a password is too easy to guess, from the server's zxcvbn keys (`warning`, `suggestion`):
 * the known ones translated, or a general advice.
 */
function passwordReason(t: TFunction, values: Record<string, string | number>): string {
  // A missing translation comes back as its key: such a reason is left out.
  const known = (group: string, key: unknown) => {
    if (typeof key !== 'string' || !key) return '';
    const path = `passwordStrength.${group}.${key}`;
    const text = t(path);
    return text === path || text.endsWith(`:${path}`) ? '' : text;
  };
  const parts = [known('warnings', values.warning), known('suggestions', values.suggestion)].filter(Boolean);
  return parts.length ? parts.join(' ') : t('passwordStrength.default');
}

/** The values of a code's sentence; `count` picks the plural form (minutes, characters...). */
function sentenceValues(t: TFunction, params: Record<string, string | number> | undefined) {
  const values: Record<string, string | number> = { ...params };
  if ('warning' in values || 'suggestion' in values) values.reason = passwordReason(t, values);
  const count = values.minutes ?? values.max ?? values.min;
  return typeof count === 'number' ? { ...values, count } : values;
}

/** One field's refusal in the current language: `label` names the field as the form shows it. */
export function fieldErrorText(t: TFunction, entry: FieldErrorDto, label: string): string {
  if (!KNOWN_FIELD_CODES.has(entry.code)) return entry.message;
  return t(`fieldErrors.${entry.code}`, { ...sentenceValues(t, entry.params), field: label });
}

/**
 * The server's answer to a failed call in the current language: its `code` is translated
 * (`errors.<CODE>`), its English `message` shown only for a code this build does not know, and
 * `fallback` (the spec's sentence for the situation) when there is no API answer at all.
 */
export function errorText(t: TFunction, failure: AnyError, fallback: string): string {
  const body = apiErrorBody(failure);
  if (body?.code && KNOWN_CODES.has(body.code))
    return t(`errors.${body.code}`, sentenceValues(t, body.params));
  return typeof body?.message === 'string' && body.message.trim() ? body.message : fallback;
}

/**
 * The admin namespace's `t`, plus the server's errors in the admin's language:
 * `errorText(failure, fallback)` for a toast or an alert and `fieldErrors(failure, labelOf)`
 * for the messages beside a form's fields.
 */
export function useAdminTranslation() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  return useMemo(
    () => ({
      t,
      i18n,
      errorText: (failure: AnyError, fallback: string) => errorText(t, failure, fallback),
      fieldErrors: (failure: AnyError, labelOf: (field: string) => string) =>
        apiFieldErrors(failure).map((entry) => ({
          field: entry.field,
          code: entry.code,
          text: fieldErrorText(t, entry, labelOf(entry.field)),
        })),
    }),
    [t, i18n],
  );
}
