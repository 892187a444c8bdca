import { InsightUserStatus, InstanceStatus } from '@console/contract/service-enums';
import { describe, expect, it } from 'vitest';
import { failReasonText, insightStatusView, instanceStatusView } from './status';

describe('instance status tags', () => {
  it('maps each instance status to its text, colour and spinner', () => {
    expect(instanceStatusView(InstanceStatus.opening)).toEqual({
      key: 'opening',
      color: 'processing',
      isBusy: true,
      isFailed: false,
    });
    expect(instanceStatusView(InstanceStatus.opened)).toMatchObject({
      key: 'opened',
      color: 'success',
      isBusy: false,
    });
    expect(instanceStatusView(InstanceStatus.openFailed)).toMatchObject({
      key: 'openFailed',
      color: 'error',
      isFailed: true,
    });
    expect(instanceStatusView(InstanceStatus.closed)).toMatchObject({ key: 'closed', color: 'default' });
    expect(instanceStatusView(InstanceStatus.hidden)).toMatchObject({ key: 'hidden', color: 'default' });
  });

  it('shows an unknown status as closed', () => {
    expect(instanceStatusView(42).key).toBe('closed');
  });
});

describe('Insight user status tags', () => {
  it.each([
    [InsightUserStatus.closed, 'closed', 'default', false],
    [InsightUserStatus.USER_STARTING, 'starting', 'processing', true],
    [InsightUserStatus.USER_START_SUCCESS, 'started', 'success', false],
    [InsightUserStatus.USER_START_FAIL, 'startFailed', 'error', false],
    [InsightUserStatus.USER_STOPING, 'stopping', 'processing', true],
    [InsightUserStatus.USER_STOP_SUCCESS, 'stopped', 'default', false],
    [InsightUserStatus.USER_STOP_FAIL, 'stopFailed', 'warning', false],
  ])('status %i shows as %s', (status, key, color, isBusy) => {
    expect(insightStatusView(status)).toMatchObject({ key, color, isBusy });
  });
});

describe('failure reasons', () => {
  const translate = (key: string) => `text of ${key}`;

  it('translates the known reasons and shows any other as its code', () => {
    expect(failReasonText('QUOTA_EXCEEDED', translate)).toBe('text of QUOTA_EXCEEDED');
    expect(failReasonText('timeout', translate)).toBe('text of timeout');
    expect(failReasonText('HTTP_502', translate)).toBe('HTTP_502');
  });

  it('has no text without a reason', () => {
    expect(failReasonText(null, translate)).toBeNull();
    expect(failReasonText('', translate)).toBeNull();
  });
});
