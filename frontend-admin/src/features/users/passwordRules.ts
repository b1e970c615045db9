import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** Minimum password length (spec section 9), the same as the server's. */
export const MIN_PASSWORD_LENGTH = 6;

export const newPasswordRules = (t: TFunction): Rule[] => [
  { required: true, message: t('validation.passwordMin') },
  { min: MIN_PASSWORD_LENGTH, message: t('validation.passwordMin') },
];

/** The confirmation: present, and equal to the field `otherField`. */
export const confirmRules = (t: TFunction, otherField: string): Rule[] => [
  { required: true, message: t('validation.confirmRequired') },
  ({ getFieldValue }) => ({
    validator: async (_, value) => {
      if (value && value !== getFieldValue(otherField)) throw new Error(t('validation.passwordsDontMatch'));
    },
  }),
];
