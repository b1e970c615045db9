import { Drawer } from 'antd';
import { AntdProviders } from 'frontend-common';
import { useTranslation } from 'react-i18next';
import { sisterSites } from '../../app/siteConfig';
import { useInstallPrompt } from '../pwa/useInstallPrompt';

type Entry =
  | { key: string; kind: 'external'; site: keyof ReturnType<typeof sisterSites> }
  | { key: string; kind: 'anchor' }
  | { key: string; kind: 'current' };

/** Spec 'Side menu', in order. Anchors are in-page targets named after the key. */
const ENTRIES: Entry[] = [
  { key: 'main', kind: 'external', site: 'main' },
  { key: 'education', kind: 'anchor' },
  { key: 'statistics', kind: 'anchor' },
  { key: 'events', kind: 'anchor' },
  { key: 'ranges', kind: 'external', site: 'ranges' },
  { key: 'gunsmiths', kind: 'current' },
  { key: 'stores', kind: 'external', site: 'stores' },
  { key: 'training', kind: 'external', site: 'training' },
  { key: 'membership', kind: 'anchor' },
  { key: 'publications', kind: 'anchor' },
  { key: 'media', kind: 'anchor' },
  { key: 'legal', kind: 'anchor' },
  { key: 'blog', kind: 'external', site: 'blog' },
];

export interface SideMenuProps {
  open: boolean;
  onClose: () => void;
  siteDomain?: string;
}

/**
 * Default export, loaded lazily on the first menu click: the Drawer is the shell's only antd
 * widget, so the shell's antd copy (with its ConfigProvider and App) stays off the path to a
 * usable listing. It is prefetched when the browser is idle.
 */
export default function SideMenu(props: SideMenuProps) {
  return (
    <AntdProviders>
      <SideMenuDrawer {...props} />
    </AntdProviders>
  );
}

function SideMenuDrawer({ open, onClose, siteDomain }: SideMenuProps) {
  const { t } = useTranslation('shell');
  const sites = sisterSites(siteDomain);
  // Only when the browser offers to install the app (nothing to show otherwise).
  const install = useInstallPrompt();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={300}
      title={t('menu.title')}
      closable={{ 'aria-label': t('menu.close') }}
      className="atm-side-menu"
    >
      <nav aria-label={t('menu.label')}>
        <ul>
          {ENTRIES.map((entry) => (
            <li key={entry.key}>
              {entry.kind === 'current' ? (
                // Gunsmiths is this site: plain text, not a link.
                <span className="atm-side-menu__current" aria-current="page">
                  {t(`menu.${entry.key}`)}
                </span>
              ) : (
                <a
                  href={entry.kind === 'external' ? sites[entry.site] : `#${entry.key}`}
                  onClick={entry.kind === 'anchor' ? onClose : undefined}
                >
                  {t(`menu.${entry.key}`)}
                </a>
              )}
            </li>
          ))}
          {install && (
            <li>
              <button
                type="button"
                className="atm-side-menu__install"
                onClick={() => {
                  onClose();
                  install();
                }}
              >
                {t('app.install')}
              </button>
            </li>
          )}
        </ul>
      </nav>
    </Drawer>
  );
}
