import { Card, Checkbox, Col, Form, Input, Row, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { verificationProblems } from 'contract';
import { fieldErrorText, useAdminTranslation } from '../../../i18n';
import { toShopInput, validateShopField, type ShopField, type ShopFormValues } from '../shopValidation';

const PERIOD_FIELDS = ['certificateNumber', 'verifiedOn', 'validUntil'] as const;

/**
 * The shop form's verification: the checkbox, and the certificate's number, days and note. The
 * rules are the server's (each field's, then those across the period), answered in the admin's
 * language beside the field.
 */
export function VerificationSection({ initialValues }: { initialValues: ShopFormValues }) {
  const { t } = useAdminTranslation();
  const label = (field: ShopField) => t(`shopForm.fields.${field}`);
  const rule =
    (field: ShopField): Rule =>
    ({ getFieldsValue }) => ({
      validator: async () => {
        const values = { ...initialValues, ...(getFieldsValue(true) as Partial<ShopFormValues>) };
        const problem =
          validateShopField(field, values) ??
          verificationProblems(toShopInput(values)).find((across) => across.field === field) ??
          null;
        if (problem) throw new Error(fieldErrorText(t, { field, ...problem }, label(field)));
      },
    });
  // A change of one day or the number checks the others again (the rules across the period).
  const dependencies = (field: ShopField) => PERIOD_FIELDS.filter((other) => other !== field);
  const text = (field: ShopField, props: Record<string, unknown> = {}) => (
    <Form.Item name={field} label={label(field)} rules={[rule(field)]} dependencies={dependencies(field)}>
      <Input {...props} />
    </Form.Item>
  );
  return (
    <Card title={t('shopForm.sections.verification')} className="atm-admin__section">
      <Form.Item name="isVerified" valuePropName="checked">
        <Checkbox>{t('shopForm.fields.isVerified')}</Checkbox>
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          {text('certificateNumber', {
            autoComplete: 'off',
            placeholder: t('shopForm.placeholders.certificateNumber'),
          })}
        </Col>
        <Col xs={24} md={8}>
          {text('verifiedOn', { type: 'date' })}
        </Col>
        <Col xs={24} md={8}>
          {text('validUntil', { type: 'date' })}
        </Col>
        <Col span={24}>
          {text('verificationNote', { placeholder: t('shopForm.placeholders.verificationNote') })}
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('shopForm.verification.help')}
      </Typography.Paragraph>
    </Card>
  );
}
