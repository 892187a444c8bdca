/** "Share job profile" on an opened Lakehouse instance's row, with its dialog (any user of the account). */
import { ShareAltOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testId } from '@/lib/test-id';
import type { TInstanceItem } from '../api/list-instances';
import { ShareJobProfileDialog } from './share-job-profile-dialog';

type TProps = {
  instance: TInstanceItem;
  /** Why it is unavailable on this installation (no provisioner), or null. */
  unavailable?: string | null;
};

export function ShareJobProfileAction({ instance, unavailable = null }: TProps) {
  const { t } = useTranslation('share');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Tooltip title={unavailable ?? t('actionHint')}>
        <Button
          type="link"
          size="small"
          icon={<ShareAltOutlined />}
          disabled={unavailable !== null}
          onClick={() => setIsOpen(true)}
          {...testId('instance-share-job')}
        >
          {t('action')}
        </Button>
      </Tooltip>
      {isOpen ? <ShareJobProfileDialog instance={instance} onClose={() => setIsOpen(false)} /> : null}
    </>
  );
}
