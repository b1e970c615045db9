import { useId, useRef, useState } from 'react';
import { Button, Flex, Progress, Select, Space, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { LOGO_ICON_KEYS, ShopLogo, logoKind, safeUrl } from 'frontend-common';
import { reportUnauthorized, useCreateUploadUrlMutation } from '../../api/adminApi';
import { apiErrorMessage } from '../../api/apiError';
import { checkImageFile, IMAGE_TYPES, objectPathFromUploadUrl, sendWithProgress } from '../../api/upload';
import { useAppDispatch } from '../../app/hooks';
import { useToast } from '../../app/useToast';
import { useAdminTranslation } from '../../i18n';

interface ImageFieldProps {
  kind: 'logo' | 'map';
  label: string;
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
export function ImageField({ kind, label, value = '', onChange, onBusyChange }: ImageFieldProps) {
  const { t, serverText } = useAdminTranslation();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [createUploadUrl] = useCreateUploadUrlMutation();
  const what = t(`images.what.${kind}`);

  const fail = (description?: string) =>
    toast.error(t('images.failed.title'), description ?? t('images.failed.description', { what }));

  const upload = async (file: File) => {
    const problem = checkImageFile(file);
    if (problem) return fail(problem === 'type' ? t('images.invalidType') : t('images.tooLarge'));
    setProgress(0);
    onBusyChange?.(true);
    try {
      const { uploadURL } = await createUploadUrl(kind).unwrap();
      const answer = await sendWithProgress({
        method: 'PUT',
        url: uploadURL,
        body: file,
        contentType: file.type,
        onProgress: setProgress,
      });
      if (answer.status === 401) reportUnauthorized(dispatch);
      if (answer.status < 200 || answer.status >= 300) throw new Error(`Upload answered ${answer.status}`);
      onChange?.(objectPathFromUploadUrl(uploadURL));
      toast.success(t('images.success.title'), t('images.success.description', { what }));
    } catch (failure) {
      // A refusal the server explains (too many uploads, for one) is shown in the admin's language.
      fail(serverText(apiErrorMessage(failure)));
    } finally {
      setProgress(null);
      onBusyChange?.(false);
      if (input.current) input.current.value = '';
    }
  };

  const shown = logoKind(value);
  const isIcon = kind === 'logo' && shown.kind === 'icon';
  const imageSrc = shown.kind === 'image' ? shown.src : kind === 'map' ? safeUrl(value) : null;
  const uploading = progress !== null;

  return (
    <Flex gap={16} wrap align="flex-start" data-testid={`image-field-${kind}`}>
      <div className="atm-admin__preview">
        {kind === 'logo' && value ? (
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
        <Typography.Text type="secondary">{t('images.hint')}</Typography.Text>
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
