import { useId, useRef, useState } from 'react';
import { Button, Flex, Progress, Select, Space, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { IMAGE_TYPES, LOGO_ICON_KEYS, MAX_IMAGE_BYTES, quarantinePreviewPath } from 'contract';
import type { CreateUploadDto } from 'contract/api-types';
import { ShopLogo, logoKind, safeUrl } from 'frontend-common';
import { reportUnauthorized, useCreateUploadMutation } from '../../api/adminApi';
import { checkImageFile, objectPathFromUploadUrl, sendWithProgress } from '../../api/upload';
import { useAppDispatch } from '../../app/hooks';
import { useToast } from '../../app/useToast';
import { useAdminTranslation } from '../../i18n';

/** The upload limit as the spec words it ("up to 5MB"). */
const MAX_IMAGE_MB = MAX_IMAGE_BYTES / (1024 * 1024);

interface ImageFieldProps {
  kind: CreateUploadDto['type'];
  label: string;
  /** Set by antd Form.Item: the id its `<label for>` names, given to the file input. */
  id?: string;
  /** Set by antd Form.Item. */
  value?: string;
  onChange?: (value: string) => void;
  /** Reports an upload in progress, so the form does not save half an image. */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * One image of the shop: preview, upload (signed URL, then the bytes by XHR with a progress
 * bar), remove, and for the logo an icon key instead of an image.
 */
export function ImageField({ kind, label, id, value = '', onChange, onBusyChange }: ImageFieldProps) {
  const { t, errorText } = useAdminTranslation();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const ownId = useId();
  const inputId = id ?? ownId;
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [createUpload] = useCreateUploadMutation();
  const what = t(`images.what.${kind}`);

  const fail = (description?: string) =>
    toast.error(t('images.failed.title'), description ?? t('images.failed.description', { what }));

  const upload = async (file: File) => {
    const problem = checkImageFile(file);
    if (problem)
      return fail(problem === 'type' ? t('images.invalidType') : t('images.tooLarge', { mb: MAX_IMAGE_MB }));
    setProgress(0);
    onBusyChange?.(true);
    let uploaded = false;
    let failure: unknown;
    try {
      const { uploadURL } = await createUpload({ type: kind }).unwrap();
      const answer = await sendWithProgress({
        method: 'PUT',
        url: uploadURL,
        body: file,
        contentType: file.type,
        onProgress: setProgress,
      });
      if (answer.status === 401) reportUnauthorized(dispatch);
      // The storage's refusal keeps its body, so a code the API gave is shown translated.
      if (answer.status < 200 || answer.status >= 300) throw { status: answer.status, data: answer.data };
      onChange?.(objectPathFromUploadUrl(uploadURL));
      uploaded = true;
    } catch (error) {
      failure = error; // reported below, once the field is released
    } finally {
      setProgress(null);
      onBusyChange?.(false);
      if (input.current) input.current.value = '';
    }
    // The outcome is announced only after the form stopped counting this upload as running, so
    // whoever reads "Upload Successful" finds Save already enabled.
    if (uploaded) toast.success(t('images.success.title'), t('images.success.description', { what }));
    // A refusal the server explains (too many uploads, for one) is shown in the admin's language.
    else fail(errorText(failure, t('images.failed.description', { what })));
  };

  // A visitor's image still in quarantine is previewed through the admin-only route.
  const quarantined = quarantinePreviewPath(value);
  const shown = logoKind(value);
  const isIcon = kind === 'logo' && shown.kind === 'icon';
  const imageSrc =
    quarantined ?? (shown.kind === 'image' ? shown.src : kind === 'map' ? safeUrl(value) : null);
  const uploading = progress !== null;

  return (
    // One group named by the field: its preview, upload, remove and (logo) icon choice.
    <Flex
      gap={16}
      wrap
      align="flex-start"
      data-testid={`image-field-${kind}`}
      role="group"
      aria-label={label}
    >
      <div className="atm-admin__preview">
        {quarantined ? (
          <img src={quarantined} alt={t('images.preview', { what })} />
        ) : kind === 'logo' && value ? (
          <ShopLogo logo={value} alt={t('images.preview', { what })} size={96} />
        ) : imageSrc ? (
          <img src={imageSrc} alt={t('images.preview', { what })} />
        ) : (
          <Typography.Text type="secondary">{t('images.none')}</Typography.Text>
        )}
      </div>
      <Space orientation="vertical" size={8} style={{ minWidth: 220 }}>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          aria-label={`${label}: ${t('images.upload')}`}
          style={{ display: 'none' }}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Space wrap>
          <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} loading={uploading}>
            {uploading ? t('images.uploading') : imageSrc ? t('images.replace') : t('images.upload')}
          </Button>
          {value && !uploading && (
            <Button icon={<DeleteOutlined />} danger onClick={() => onChange?.('')}>
              {t('images.remove')}
            </Button>
          )}
        </Space>
        <Typography.Text type="secondary">{t('images.hint', { mb: MAX_IMAGE_MB })}</Typography.Text>
        {uploading && <Progress percent={progress} size="small" aria-label={t('images.uploading')} />}
        {kind === 'logo' && (
          <Select
            allowClear
            aria-label={t('images.icon')}
            placeholder={t('images.iconPlaceholder')}
            value={isIcon ? value : undefined}
            onChange={(key?: string) => onChange?.(key ?? '')}
            style={{ width: 220 }}
            options={LOGO_ICON_KEYS.map((key) => ({
              value: key,
              label: (
                <Flex gap={8} align="center">
                  <ShopLogo logo={key} alt="" size={20} />
                  {t(`images.icons.${key}`)}
                </Flex>
              ),
            }))}
          />
        )}
      </Space>
    </Flex>
  );
}
