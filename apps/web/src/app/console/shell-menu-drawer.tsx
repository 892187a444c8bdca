/** The menu of narrow windows, a chunk of its own (wide windows never load the drawer). */
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { SiderBody, type TShellSiderProps } from './shell-sider';

/** The menu of narrow windows: a drawer from the left, opened by the header's menu button. */
export default function ShellMenuDrawer({
  isOpen,
  onClose,
  ...props
}: TShellSiderProps & { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Drawer
      open={isOpen}
      onClose={onClose}
      placement="left"
      size={280}
      closable={false}
      title={null}
      rootClassName="cz-menu-drawer"
      styles={{ body: { padding: 0 } }}
      aria-label={t('menuLabel')}
      data-testid="menu-drawer"
    >
      <SiderBody {...props} isCollapsed={false} onNavigate={onClose} />
    </Drawer>
  );
}
