import { Alert, Card, Checkbox, Col, Form, Input, Row } from 'antd';
import type { FormInstance, Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { SHOP_CATEGORIES } from 'contract';
import { ADMIN_NS, fieldErrorText, useAdminTranslation } from '../../i18n';
import { ImageField } from './ImageField';
import { OpeningHoursEditor } from './hours/OpeningHoursEditor';
import { LocationPicker } from './location/LocationPicker';
import {
  REQUIRED_SHOP_FIELDS,
  SHOP_FIELDS,
  validateShopField,
  type ShopField,
  type ShopFormValues,
} from './shopValidation';

/**
 * The form's own sentence for a field's refusal (`validation.<field>.<suffix>`, worded for that
 * field in each language), where it has one; other refusals use the API's sentence for the code.
 */
const MESSAGE_SUFFIX: Readonly<Partial<Record<string, string>>> = {
  REQUIRED: 'required',
  INVALID_PHONE: 'format',
  INVALID_EMAIL: 'format',
  INVALID_IMAGE: 'format',
  INVALID_URL: 'url',
  NOT_A_NUMBER: 'number',
  OUT_OF_RANGE: 'range',
  TOO_MANY_DECIMALS: 'decimals',
  TOO_LONG: 'max',
};

interface ShopFormSectionsProps {
  form: FormInstance<ShopFormValues>;
  /** The values the form started from (a field it does not show keeps its value). */
  initialValues: ShopFormValues;
  /** Reports an image upload starting (true) or ending (false). */
  onUploadBusy: (busy: boolean) => void;
  /**
   * The images these values may keep in quarantine (a listing request's own, which become the
   * shop's images when it is approved); any other quarantined path is refused like the server does.
   */
  quarantinedImages?: Readonly<Partial<Record<ShopField, string>>>;
}

/**
 * The shop form's sections (basic information, location, hours, categories, images), with the
 * same rules as the server answering the translated message: the create and edit form and the
 * review of a listing request show the same fields the same way. The caller owns the `<Form>`.
 */
export function ShopFormSections({
  form,
  initialValues,
  onUploadBusy,
  quarantinedImages = {},
}: ShopFormSectionsProps) {
  const { t, i18n } = useAdminTranslation();
  const categories = Form.useWatch('categories', form) ?? initialValues.categories;

  // The loaded shop's own categories stay selectable even when they are not form options.
  const categoryOptions = useMemo(
    () => [
      ...SHOP_CATEGORIES,
      ...initialValues.categories.filter((c) => !(SHOP_CATEGORIES as readonly string[]).includes(c)),
    ],
    [initialValues],
  );

  /** The same rule as the server, answering the translated message. */
  const rule =
    (field: ShopField): Rule =>
    ({ getFieldsValue }) => ({
      validator: async () => {
        const values = { ...initialValues, ...getFieldsValue(true) };
        if (quarantinedImages[field] && values[field] === quarantinedImages[field]) return;
        const problem = validateShopField(field, values);
        if (!problem) return;
        const own = `validation.${field}.${MESSAGE_SUFFIX[problem.code] ?? problem.code}`;
        throw new Error(
          i18n.exists(own, { ns: ADMIN_NS })
            ? t(own, problem.params)
            : fieldErrorText(t, { field, ...problem }, t(`shopForm.fields.${field}`)),
        );
      },
    });

  // autocomplete="off" on the shop's contact fields: autofill tokens describe the person filling
  // the form (WCAG 1.3.5), and the admin's own e-mail or phone is not the shop's.
  const text = (field: ShopField, props: Record<string, unknown> = {}, textarea = false) => (
    <Form.Item
      name={field}
      label={t(`shopForm.fields.${field}`)}
      rules={[rule(field)]}
      required={REQUIRED_SHOP_FIELDS.has(field)}
    >
      {textarea ? <Input.TextArea rows={4} {...props} /> : <Input {...props} />}
    </Form.Item>
  );

  return (
    <>
      <Card title={t('shopForm.sections.basic')} className="atm-admin__section">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            {text('name', { autoComplete: 'off' })}
          </Col>
          <Col xs={24} md={12}>
            {text('email', { type: 'email', autoComplete: 'off' })}
          </Col>
          <Col xs={24} md={12}>
            {text('phone', { type: 'tel', autoComplete: 'off' })}
          </Col>
          <Col xs={24} md={12}>
            {text('whatsapp', {
              type: 'tel',
              autoComplete: 'off',
              placeholder: t('shopForm.placeholders.whatsapp'),
            })}
          </Col>
          <Col xs={24} md={12}>
            {text('website', { type: 'url', placeholder: t('shopForm.placeholders.website') })}
          </Col>
          <Col span={24}>{text('description', {}, true)}</Col>
        </Row>
      </Card>
      <Card title={t('shopForm.sections.location')} className="atm-admin__section">
        <Row gutter={16}>
          <Col span={24}>{text('address', { autoComplete: 'off' })}</Col>
          <Col xs={24} md={12}>
            {text('city')}
          </Col>
          <Col xs={24} md={12}>
            {text('state')}
          </Col>
          <Col span={24}>
            {text('googleMapsUrl', { type: 'url', placeholder: t('shopForm.placeholders.googleMapsUrl') })}
          </Col>
          <Col xs={24} md={12}>
            {text('latitude', { inputMode: 'decimal', placeholder: t('shopForm.placeholders.latitude') })}
          </Col>
          <Col xs={24} md={12}>
            {text('longitude', { inputMode: 'decimal', placeholder: t('shopForm.placeholders.longitude') })}
          </Col>
          <Col span={24}>
            <LocationPicker form={form} />
          </Col>
        </Row>
      </Card>
      <Card title={t('shopForm.sections.hours')} className="atm-admin__section">
        {/* No label element: the editor is a group of days, named by this card's title. */}
        <Form.Item name="openingHours" rules={[rule('openingHours')]}>
          <OpeningHoursEditor />
        </Form.Item>
        {text('hoursNote', { placeholder: t('shopForm.placeholders.hoursNote') })}
      </Card>
      <Card title={t('shopForm.sections.categories')} className="atm-admin__section">
        <Form.Item name="categories" rules={[rule('categories')]} style={{ marginBottom: 8 }}>
          {/* Named by its section's title: the boxes are one question. */}
          <Checkbox.Group
            style={{ width: '100%' }}
            role="group"
            aria-label={t('shopForm.sections.categories')}
          >
            <Row gutter={[8, 8]}>
              {categoryOptions.map((category) => (
                <Col xs={12} md={8} key={category}>
                  <Checkbox value={category}>{category}</Checkbox>
                </Col>
              ))}
            </Row>
          </Checkbox.Group>
        </Form.Item>
        {categories.length === 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('validation.categories.required')}
            data-testid="categories-required"
          />
        )}
      </Card>
      <Card title={t('shopForm.sections.images')} className="atm-admin__section">
        <Form.Item name="logo" label={t('shopForm.fields.logo')} rules={[rule('logo')]} required>
          <ImageField
            kind="logo"
            label={t('shopForm.fields.logo')}
            onBusyChange={(busy) => onUploadBusy(busy)}
          />
        </Form.Item>
        <Form.Item
          name="mapImageUrl"
          label={t('shopForm.fields.mapImageUrl')}
          rules={[rule('mapImageUrl')]}
          required
        >
          <ImageField
            kind="map"
            label={t('shopForm.fields.mapImageUrl')}
            onBusyChange={(busy) => onUploadBusy(busy)}
          />
        </Form.Item>
      </Card>
    </>
  );
}

/**
 * The API's per-field refusals of a shop, each on its form field (a nested value's error,
 * `categories.0` or `shop.phone`, belongs to its field); `prefix` is the body's path to the shop.
 */
export function shopFieldErrorsOf(
  known: readonly { field: string; text: string }[],
  prefix = '',
): { name: ShopField; errors: string[] }[] {
  return known.flatMap(({ field, text }) => {
    if (!field.startsWith(prefix)) return [];
    const name = field.slice(prefix.length).split('.')[0] as ShopField;
    return (SHOP_FIELDS as string[]).includes(name) ? [{ name, errors: [text] }] : [];
  });
}
