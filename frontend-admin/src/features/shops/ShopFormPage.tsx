import { useMemo, useState } from 'react';
import { Button, Flex, Form, Result, Spin } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import type { ShopDto } from 'contract/api-types';
import { useCreateShopMutation, useGetShopQuery, useUpdateShopMutation } from '../../api/adminApi';
import { useAdminPath } from '../../app/basePath';
import { useToast } from '../../app/useToast';
import { useAdminTranslation } from '../../i18n';
import { ShopHistory } from '../activity/ShopHistory';
import { AdminPage } from '../layout/AdminPage';
import { ShopFormSections, shopFieldErrorsOf } from './ShopFormSections';
import { formValuesOf, NEW_SHOP_VALUES, toShopInput, type ShopFormValues } from './shopValidation';
import { useUnsavedChanges } from './useUnsavedChanges';
import { VerificationPeriods } from './verification/VerificationPeriods';
import { VerificationSection } from './verification/VerificationSection';

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
  const { t, errorText, fieldErrors } = useAdminTranslation();
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
      const known = shopFieldErrorsOf(
        fieldErrors(failure, (field) => t(`shopForm.fields.${field.split('.')[0]}`)),
      );
      form.setFields(known);
      const fallback = shop ? t('shopForm.updateFailed') : t('shopForm.createFailed');
      toast.error(t('common.error'), known[0]?.errors[0] ?? errorText(failure, fallback));
    }
  };

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
        <ShopFormSections
          form={form}
          initialValues={initialValues}
          onUploadBusy={(busy) => setUploads((n) => n + (busy ? 1 : -1))}
        />
        <VerificationSection initialValues={initialValues} />
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
      {shop && <VerificationPeriods shop={shop} />}
      {shop && <ShopHistory shopId={shop.id} />}
    </AdminPage>
  );
}
