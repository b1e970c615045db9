import type { TFunction } from 'i18next';
import type { ActivityEntryDto } from '../../api/generated';

type Details = Record<string, unknown>;

const number = (value: unknown) => (typeof value === 'number' ? value : 0);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The kinds whose details name a file (`name`, `storedBackup`, `upload` or `file`). */
const FILE_KINDS = new Set<string>(['backup.stored', 'backup.restored', 'shops.imported']);

/** Who acted, as the page names them: the admin, "not logged in" or the server itself. */
export function actorText(t: TFunction, entry: ActivityEntryDto): string {
  if (entry.actorName) return entry.actorName;
  return entry.client ? t('activity.nobody') : t('activity.server');
}

/** A field of a shop as the form labels it (its key when the form has no such field). */
function fieldLabel(t: TFunction, field: string): string {
  const label = t(`shopForm.fields.${field}`);
  return label === `shopForm.fields.${field}` ? field : label;
}

function valueText(t: TFunction, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('activity.details.empty');
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** One line per thing the entry says beyond its kind: changed fields, usernames, counts. */
export function detailLines(t: TFunction, entry: ActivityEntryDto): string[] {
  const details = (entry.details ?? {}) as Details;
  const lines: string[] = [];
  const changes = details.changes as Record<string, { from: unknown; to: unknown }> | undefined;
  if (changes && typeof changes === 'object') {
    for (const [field, change] of Object.entries(changes)) {
      lines.push(
        t('activity.details.changed', {
          field: fieldLabel(t, field),
          from: valueText(t, change?.from),
          to: valueText(t, change?.to),
        }),
      );
    }
  }
  if (details.bulk) lines.push(t('activity.details.bulk'));
  const source = details.source as
    { via?: string; file?: string; upload?: string; storedBackup?: string } | undefined;
  if (source?.via === 'import' || source?.via === 'restore') {
    // The file the change came from: the CSV's name, or the restored upload or stored backup.
    const name = text(source.file) || text(source.upload) || text(source.storedBackup);
    const key = source.via === 'import' ? 'viaImport' : 'viaRestore';
    lines.push(name ? t(`activity.details.${key}`, { name }) : t(`activity.details.${key}NoFile`));
  } else if (source?.via === 'seed') lines.push(t('activity.details.viaSeed'));
  else if (source?.via === 'expiry') lines.push(t('activity.details.viaExpiry'));
  else if (source?.via === 'suggestion')
    lines.push(
      t('activity.details.viaSuggestion', {
        reference: text((source as { reference?: unknown }).reference),
        approvedBy: text((source as { approvedBy?: unknown }).approvedBy),
      }),
    );
  switch (entry.kind) {
    case 'login.failed':
      lines.push(t('activity.details.usernameTried', { username: text(details.username) }));
      break;
    case 'login.succeeded':
      if (details.method === 'passkey') lines.push(t('activity.details.withPasskey'));
      else if (details.secondFactor === 'passkey') lines.push(t('activity.details.withPasswordAndPasskey'));
      break;
    case 'passkey.added':
    case 'passkey.removed':
      lines.push(t('activity.details.passkeyName', { name: text(details.name) }));
      break;
    case 'passkey.failed':
      // The account the passkey named, when it named a known one.
      if (details.username)
        lines.push(t('activity.details.usernameTried', { username: text(details.username) }));
      break;
    case 'admin.created':
    case 'admin.password_reset':
    case 'admin.deleted':
    case 'mfa.factors_reset':
      lines.push(t('activity.details.username', { username: text(details.username) }));
      break;
    case 'session.ended':
      lines.push(
        t('activity.details.device', {
          device: [text(details.browser), text(details.os)].filter(Boolean).join(' · ') || '—',
          address: text(details.address) || '—',
        }),
      );
      break;
    case 'mfa.policy_changed':
      lines.push(t(details.required ? 'activity.details.mfaRequiredOn' : 'activity.details.mfaRequiredOff'));
      break;
    case 'sessions.others_ended':
      lines.push(t('activity.details.count', { count: number(details.count) }));
      break;
    case 'admin.sessions_ended':
      lines.push(t('activity.details.username', { username: text(details.username) }));
      lines.push(t('activity.details.count', { count: number(details.count) }));
      break;
    case 'backup.downloaded':
    case 'backup.stored':
      lines.push(
        t(details.kind === 'data' ? 'activity.details.backupData' : 'activity.details.backupFull', {
          shops: number(details.shops),
          images: number(details.images),
        }),
      );
      break;
    case 'backup.restored':
      lines.push(
        t('activity.details.restored', {
          created: number(details.created),
          updated: number(details.updated),
          images: number(details.images),
        }),
      );
      break;
    case 'shops.imported':
      lines.push(
        t('activity.details.imported', {
          created: number(details.created),
          updated: number(details.updated),
        }),
      );
      break;
    case 'backup.failed':
      if (details.reason) lines.push(t('activity.details.failed', { reason: text(details.reason) }));
      break;
    default:
      break;
  }
  // Which file: an automatic backup's stored name, a restored upload or stored backup, a CSV.
  const file = text(details.name) || text(details.storedBackup) || text(details.upload) || text(details.file);
  if (file && FILE_KINDS.has(entry.kind)) {
    lines.push(t('activity.details.file', { name: file }));
  }
  return lines;
}
