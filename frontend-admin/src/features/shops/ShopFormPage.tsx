import { useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Flex, Form, Input, Result, Row, Spin } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import type { Rule } from 'antd/es/form';
import { SHOP_CATEGORIES } from 'contract';
import type { ShopDto } from 'contract/api-types';
import { useCreateShopMutation, useGetShopQuery, useUpdateShopMutation } from '../../api/adminApi';
import { useAdminPath } from '../../app/basePath';
import { useToast } from '../../app/useToast';
import { ADMIN_NS, fieldErrorText, useAdminTranslation } from '../../i18n';
import { ShopHistory } from '../activity/ShopHistory';
import { AdminPage } from '../layout/AdminPage';
import { ImageField } from './ImageField';
import { OpeningHoursEditor } from './hours/OpeningHoursEditor';
import {
  formValuesOf,
  NEW_SHOP_VALUES,
  REQUIRED_SHOP_FIELDS,
  SHOP_FIELDS,
  toShopInput,
  validateShopField,
  type ShopField,
  type ShopFormValues,
} from './shopValidation';
import { useUnsavedChanges } from './useUnsavedChanges';

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

/** /admin/shops/new and /admin/shops/edit/{id}. */
export function ShopFormPage() {
  const { id } = useParams<{ id: string }>();
  const { t } = useAdminTranslation();
  const { data: shop, isLoading, isError } = useGetShopQuery(id ?? '', { skip: !id });

  if (id && isLoading) {
    return (
      <AdminPage title={t('shopForm.editTitle')}>
        <Flex className="atm-admin__center" gap={12} role="status">
          <Spin />
          {t('shopForm.loading')}
        </Flex>
      </AdminPage>
    );
  }
  if (id && (isError || !shop)) return <ShopNotFound />;
  return <ShopForm key={id ?? 'new'} shop={id ? shop : undefined} />;
}

function ShopNotFound() {
  const { t } = useAdminTranslation();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  return (
    <AdminPage title={t('shopForm.editTitle')} onBack={() => navigate(adminPath())}>
      <Result
        status="404"
        title={t('shopForm.notFound.title')}
        subTitle={t('shopForm.notFound.description')}
        extra={<Button onClick={() => navigate(adminPath())}>{t('common.backToDashboard')}</Button>}
      />
    </AdminPage>
  );
}

function ShopForm({ shop }: { shop?: ShopDto }) {
  const { t, i18n, errorText, fieldErrors } = useAdminTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const [form] = Form.useForm<ShopFormValues>();
  const initialValues = useMemo(() => (shop ? formValuesOf(shop) : NEW_SHOP_VALUES), [shop]);
  const [dirty, setDirty] = useState(false);
  const [uploads, setUploads] = useState(0);
  const [createShop, { isLoading: creating }] = useCreateShopMutation();
  const [updateShop, { isLoading: updating }] = useUpdateShopMutation();
  const saving = creating || updating;
  const categories = Form.useWatch('categories', form) ?? initialValues.categories;
  const confirmLeave = useUnsavedChanges(dirty);
  const leave = () => confirmLeave(() => navigate(adminPath()));

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
        const problem = validateShopField(field, { ...initialValues, ...getFieldsValue(true) });
        if (!problem) return;
        const own = `validation.${field}.${MESSAGE_SUFFIX[problem.code] ?? problem.code}`;
        throw new Error(
          i18n.exists(own, { ns: ADMIN_NS })
            ? t(own, problem.params)
            : fieldErrorText(t, { field, ...problem }, t(`shopForm.fields.${field}`)),
        );
      },
    });

  const onFinish = async (values: ShopFormValues) => {
    // A field the form does not show keeps the value the shop had (never the empty default).
    const input = toShopInput({ ...initialValues, ...values });
    try {
      if (shop) await updateShop({ id: shop.id, updateShopDto: input }).unwrap();
      else await createShop(input).unwrap();
      setDirty(false);
      toast.success(
        shop ? t('shopForm.updated') : t('shopForm.created'),
        t('shopForm.savedDescription', { name: input.name }),
      );
      navigate(adminPath());
    } catch (failure) {
      // Field errors of nested values (`categories.0`) belong to their field.
      const fieldOf = (field: string) => field.split('.')[0] as ShopField;
      const known = fieldErrors(failure, (field) => t(`shopForm.fields.${fieldOf(field)}`)).filter(
        ({ field }) => (SHOP_FIELDS as string[]).includes(fieldOf(field)),
      );
      form.setFields(known.map(({ field, text }) => ({ name: fieldOf(field), errors: [text] })));
      const fallback = shop ? t('shopForm.updateFailed') : t('shopForm.createFailed');
      toast.error(t('common.error'), known[0]?.text ?? errorText(failure, fallback));
    }
  };

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
    <AdminPage
      title={shop ? t('shopForm.editTitle') : t('shopForm.createTitle')}
      subtitle={shop?.name}
      onBack={leave}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={() => setDirty(true)}
        onFinish={onFinish}
        scrollToFirstError
        requiredMark
        // The browser's own checks (type="email"/"url") would block the submit with a bubble in
        // the browser's language; the form's rules give the translated message instead.
        noValidate
      >
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
              onBusyChange={(busy) => setUploads((n) => n + (busy ? 1 : -1))}
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
              onBusyChange={(busy) => setUploads((n) => n + (busy ? 1 : -1))}
            />
          </Form.Item>
        </Card>
        <Card title={t('shopForm.sections.verification')} className="atm-admin__section">
          <Form.Item name="isVerified" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox>{t('shopForm.fields.isVerified')}</Checkbox>
          </Form.Item>
        </Card>
        <Flex gap={8} justify="flex-end" wrap className="atm-admin__section">
          <Button onClick={leave}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SaveOutlined />}
            loading={saving}
            disabled={categories.length === 0 || uploads > 0}
          >
            {saving ? t('shopForm.saving') : shop ? t('shopForm.update') : t('shopForm.create')}
          </Button>
        </Flex>
      </Form>
      {shop && <ShopHistory shopId={shop.id} />}
    </AdminPage>
  );
}
