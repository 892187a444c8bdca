import { TeamOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chunkLoader, lazyPage } from '@/lib/lazy';
import { testId } from '@/lib/test-id';
import type { TRolesDrawerProps } from './roles-drawer';

const RolesDrawer = lazyPage<TRolesDrawerProps>(chunkLoader(() => import('./roles-drawer')));

/**
 * The user list's "Roles" button: opens the roles drawer (the account's roles and who holds each),
 * whose chunk loads on the first click, under the chunk-load timer.
 */
export function RolesButton() {
  const { t } = useTranslation(['users']);
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        icon={<TeamOutlined />}
        onMouseEnter={() => void RolesDrawer.preload().catch(() => undefined)}
        onClick={() => setOpen(true)}
        {...testId('roles-open')}
      >
        {t('rolesView.open')}
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <RolesDrawer onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
