import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateQuarantinedUploadMutation } from '../../api/shopsApi';

/** The answer codes an upload may end with, each with its own words. */
const UPLOAD_ERRORS = ['IMAGE_INVALID', 'IMAGE_TOO_LARGE', 'TOO_MANY_REQUESTS', 'PROOF_OF_WORK_FAILED'];

interface Props {
  /** The input's id, for its label. */
  id: string;
  /** The kind of upload link: the logo, or the map or a photo. */
  kind: 'logo' | 'map';
  label: string;
  /** Called with the image's quarantined path once stored, or null when it is removed. */
  onChange: (path: string | null) => void;
  /** The form's proof of work: each upload link costs an answer of its own. */
  proofOfWork: { answer: () => Promise<string | null>; spent: () => void };
}

/**
 * Uploads a logo or a photo for "List my shop" through a quarantined upload link: the image is
 * stored where no one is served it, until an administrator approves the request. The link is
 * paid for with the form's proof of work (the form then solves a new one for Send).
 */
export function QuarantinedImageInput({ id, kind, label, onChange, proofOfWork }: Props) {
  const { t } = useTranslation('directory');
  const [createLink] = useCreateQuarantinedUploadMutation();
  const [state, setState] = useState<{ status: 'idle' | 'uploading' | 'done' | 'error'; text?: string }>({
    status: 'idle',
  });

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    onChange(null);
    if (!file) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'uploading', text: t('listMyShop.upload.uploading') });
    const failed = (code?: string) =>
      setState({
        status: 'error',
        text: t(
          code && UPLOAD_ERRORS.includes(code) ? `listMyShop.upload.${code}` : 'listMyShop.upload.failed',
        ),
      });
    const altcha = await proofOfWork.answer();
    if (!altcha) {
      failed('PROOF_OF_WORK_FAILED');
      return;
    }
    const link = await createLink({ type: kind, altcha });
    // An answer is spent whatever the outcome: the next attempt solves a new challenge.
    proofOfWork.spent();
    if (!('data' in link) || !link.data) {
      const body = link.error && 'data' in link.error ? (link.error.data as { code?: string }) : undefined;
      failed(body?.code);
      return;
    }
    try {
      const answer = await fetch(link.data.uploadURL, {
        method: 'PUT',
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
        body: file,
      });
      const body = (await answer.json().catch(() => ({}))) as { path?: string; code?: string };
      if (!answer.ok || !body.path) {
        failed(body.code);
        return;
      }
      onChange(body.path);
      setState({ status: 'done', text: t('listMyShop.upload.done', { name: file.name }) });
    } catch {
      failed();
    }
  };

  return (
    <div className="atm-list-my-shop__upload">
      <label className="atm-correction__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        className="atm-list-my-shop__file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        aria-describedby={`${id}-status`}
        aria-invalid={state.status === 'error' ? true : undefined}
        onChange={(event) => void upload(event)}
      />
      <p
        id={`${id}-status`}
        className={state.status === 'error' ? 'atm-correction__error' : 'atm-correction__hint'}
        role="status"
      >
        {state.text ?? t('listMyShop.upload.hint')}
      </p>
    </div>
  );
}
