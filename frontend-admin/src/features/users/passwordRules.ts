import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { MIN_PASSWORD_LENGTH } from 'contract';

export const newPasswordRules = (t: TFunction): Rule[] => [
  { required: true, message: t('validation.passwordMin', { min: MIN_PASSWORD_LENGTH }) },
  { min: MIN_PASSWORD_LENGTH, message: t('validation.passwordMin', { min: MIN_PASSWORD_LENGTH }) },
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
