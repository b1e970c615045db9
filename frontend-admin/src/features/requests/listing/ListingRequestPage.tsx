import { useMemo, useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Form, Result, Spin } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import { LISTING_IMAGE_FIELDS, LISTING_SHOP_FIELD_NAMES, QUARANTINED_IMAGE_PATH } from 'contract';
import type { AdminRequestDto, ListingShopDto } from '../../../api/generated';
import { useAdminPath } from '../../../app/basePath';
import { useToast } from '../../../app/useToast';
import { useAdminTranslation } from '../../../i18n';
import { AdminPage } from '../../layout/AdminPage';
import { ShopFormSections, shopFieldErrorsOf } from '../../shops/ShopFormSections';
import { formValuesOf, toShopInput, type ShopFormValues } from '../../shops/shopValidation';
import { useUnsavedChanges } from '../../shops/useUnsavedChanges';
import { RejectDialog } from '../DecisionDialogs';
import { useApproveRequestMutation, useGetAdminRequestQuery } from '../requestsApi';

/** The request's own images still in quarantine, which approving makes the shop's. */
const quarantinedImagesOf = (shop: ListingShopDto) =>
  Object.fromEntries(
    LISTING_IMAGE_FIELDS.filter((field) => QUARANTINED_IMAGE_PATH.test(shop[field])).map((field) => [
      field,
      shop[field],
    ]),
  );

/** /admin/requests/{id}: a listing request opened as the prefilled shop form. */
export function ListingRequestPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { t } = useAdminTranslation();
  const { data: request, isLoading, isError } = useGetAdminRequestQuery(id);
  if (isLoading)
    return (
      <AdminPage title={t('listingReview.loadingTitle')}>
        <Flex className="atm-admin__center" gap={12} role="status">
          <Spin />
          {t('listingReview.loading')}
        </Flex>
      </AdminPage>
    );
  if (isError || !request) return <ListingRequestNotFound />;
  if (!request.proposedShop) return <ListingRequestErased request={request} />;
  return <ListingReview key={request.id} request={request} shop={request.proposedShop} />;
}

/** A decided request past the retention period: what the shop sent is erased, the decision kept. */
function ListingRequestErased({ request }: { request: AdminRequestDto }) {
  const { t, i18n } = useAdminTranslation();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const decided = request.decidedAt
    ? new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'long' }).format(
        new Date(request.decidedAt),
      )
    : '';
  return (
    <AdminPage
      title={t('listingReview.title', { reference: request.reference })}
      onBack={() => navigate(adminPath('/requests'))}
    >
      <Result
        status="info"
        title={t(`requests.status.${request.status}`)}
        subTitle={t('listingReview.erased', { date: decided })}
        extra={
          <Button onClick={() => navigate(adminPath('/requests'))}>{t('listingReview.backToQueue')}</Button>
        }
      />
    </AdminPage>
  );
}

function ListingRequestNotFound() {
  const { t } = useAdminTranslation();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  return (
    <AdminPage title={t('listingReview.loadingTitle')} onBack={() => navigate(adminPath())}>
      <Result
        status="404"
        title={t('listingReview.notFound')}
        extra={
          <Button onClick={() => navigate(adminPath('/requests'))}>{t('listingReview.backToQueue')}</Button>
        }
      />
    </AdminPage>
  );
}

/**
 * The shop a gunsmith asked to list, in the shop form's own sections and rules, editable: the
 * administrator corrects what needs correcting and approves (the shop is created unverified) or
 * rejects with a reason. A refused approval leaves every typed value in place.
 */
function ListingReview({ request, shop }: { request: AdminRequestDto; shop: ListingShopDto }) {
  const { t, i18n, errorText, fieldErrors } = useAdminTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const [form] = Form.useForm<ShopFormValues>();
  const initialValues = useMemo(() => formValuesOf(shop), [shop]);
  const [dirty, setDirty] = useState(false);
  const [uploads, setUploads] = useState(0);
  const [rejecting, setRejecting] = useState(false);
  const [approve, { isLoading: approving }] = useApproveRequestMutation();
  const categories = Form.useWatch('categories', form) ?? initialValues.categories;
  const pending = request.status === 'pending';
  const confirmLeave = useUnsavedChanges(dirty);
  const toQueue = () => navigate(adminPath('/requests'));
  const when = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const onFinish = async (values: ShopFormValues) => {
    // The visitor's fields only: verification is not the approval's to give (the shop is created
    // unverified), and the approval refuses its fields even as null.
    const input: Record<string, unknown> = toShopInput({ ...initialValues, ...values });
    const edited = Object.fromEntries(LISTING_SHOP_FIELD_NAMES.map((name) => [name, input[name]]));
    try {
      await approve({
        id: request.id,
        approveRequestDto: { shop: edited as unknown as ListingShopDto },
      }).unwrap();
      setDirty(false);
      toast.success(
        t('requests.approve.done', { reference: request.reference }),
        t('listingReview.approved'),
      );
      toQueue();
    } catch (failure) {
      const known = shopFieldErrorsOf(
        fieldErrors(failure, (field) => t(`shopForm.fields.${field.replace(/^shop\./, '').split('.')[0]}`)),
        'shop.',
      );
      form.setFields(known);
      toast.error(
        t('requests.approve.failed'),
        known[0]?.errors[0] ?? errorText(failure, t('requests.approve.failed')),
      );
    }
  };

  return (
    <AdminPage
      title={t('listingReview.title', { reference: request.reference })}
      subtitle={shop.name}
      onBack={() => confirmLeave(() => navigate(adminPath()))}
      actions={<Button onClick={() => confirmLeave(toQueue)}>{t('listingReview.backToQueue')}</Button>}
    >
      <Card title={t('listingReview.request')} className="atm-admin__section">
        <Descriptions
          column={{ xs: 1, md: 2 }}
          items={[
            {
              key: 'received',
              label: t('listingReview.received'),
              children: <time dateTime={request.createdAt}>{when.format(new Date(request.createdAt))}</time>,
            },
            {
              key: 'submitter',
              label: t('requests.columns.submitter'),
              children:
                [request.submitterName, request.submitterEmail].filter(Boolean).join(' · ') ||
                t('requests.anonymous'),
            },
            {
              key: 'status',
              label: t('requests.columns.status'),
              children: [
                t(`requests.status.${request.status}`),
                request.decidedBy ? t('requests.decidedBy', { name: request.decidedBy }) : '',
                request.decisionReason ?? '',
              ]
                .filter(Boolean)
                .join(' · '),
            },
          ]}
        />
        <Alert
          type="info"
          showIcon
          title={pending ? t('listingReview.explain') : t('listingReview.decided')}
        />
      </Card>
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={() => setDirty(true)}
        onFinish={onFinish}
        disabled={!pending}
        scrollToFirstError
        requiredMark
        noValidate
      >
        <ShopFormSections
          form={form}
          initialValues={initialValues}
          onUploadBusy={(busy) => setUploads((n) => n + (busy ? 1 : -1))}
          quarantinedImages={quarantinedImagesOf(shop)}
        />
        {pending && (
          <Flex gap={8} justify="flex-end" wrap className="atm-admin__section">
            <Button onClick={() => confirmLeave(toQueue)}>{t('common.cancel')}</Button>
            <Button danger onClick={() => setRejecting(true)}>
              {t('requests.actions.reject')}
            </Button>
            <Button
              type="primary"
              htmlType="submit"
              icon={<CheckOutlined />}
              loading={approving}
              disabled={categories.length === 0 || uploads > 0}
            >
              {t('listingReview.approve')}
            </Button>
          </Flex>
        )}
      </Form>
      {rejecting && (
        <RejectDialog
          request={request}
          onClose={() => setRejecting(false)}
          onDone={() => {
            setDirty(false);
            toQueue();
          }}
        />
      )}
    </AdminPage>
  );
}
