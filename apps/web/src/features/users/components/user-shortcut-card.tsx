import { TeamOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useUserList } from '../api/users-api';

/**
 * The workbench's user management shortcut, for account administrators (the user list is theirs
 * only): how many users and service users the account has, and a way to the user list.
 */
export function UserShortcutCard() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const regular = useUserList({ pageNo: 1, pageSize: 1, kind: 'regular' });
  const service = useUserList({ pageNo: 1, pageSize: 1, kind: 'service' });
  return (
    <Card
      className="cz-card"
      data-testid="workbench-users"
      title={
        <span>
          <TeamOutlined /> {t('shortcut.title')}
        </span>
      }
      extra={
        <Button type="link" onClick={() => navigate(paths.userManage)} data-testid="workbench-users-manage">
          {t('shortcut.manage')}
        </Button>
      }
    >
      {regular.data && service.data ? (
        <Row gutter={16}>
          <Col span={12}>
            <Statistic
              title={t('shortcut.users')}
              value={regular.data.total}
              valueRender={(node) => <span data-testid="workbench-users-count">{node}</span>}
            />
          </Col>
          <Col span={12}>
            <Statistic title={t('shortcut.serviceUsers')} value={service.data.total} />
          </Col>
        </Row>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} />
      )}
    </Card>
  );
}
