import { InsightUserStatus as S } from '@console/contract/service-enums';
import { describe, expect, it } from 'vitest';
import { canSelect, rowRetry, selectionActions } from './insight-selection';

const user = (userId: number, status: number) => ({ userId, status });

describe('Insight users: what the selection allows', () => {
  it('allows nothing without a selection', () => {
    expect(selectionActions([])).toEqual({
      enableIds: [],
      disableIds: [],
      canEnable: false,
      canDisable: false,
      isOverLimit: false,
    });
  });

  it('enables users that are not enabled: never enabled, enable failed, disabled', () => {
    const actions = selectionActions([
      user(1, S.closed),
      user(2, S.USER_START_FAIL),
      user(3, S.USER_STOP_SUCCESS),
    ]);
    expect(actions).toMatchObject({ enableIds: [1, 2, 3], canEnable: true, canDisable: false });
  });

  it('disables enabled users and those whose disabling failed', () => {
    const actions = selectionActions([user(1, S.USER_START_SUCCESS), user(2, S.USER_STOP_FAIL)]);
    expect(actions).toMatchObject({ disableIds: [1, 2], canEnable: false, canDisable: true });
  });

  it('with a mixed selection, each button applies to its own users', () => {
    const actions = selectionActions([user(1, S.closed), user(2, S.USER_START_SUCCESS)]);
    expect(actions).toMatchObject({ enableIds: [1], disableIds: [2], canEnable: true, canDisable: true });
  });

  it('does not let users being changed be selected', () => {
    expect(canSelect(user(1, S.USER_STARTING))).toBe(false);
    expect(canSelect(user(1, S.USER_STOPING))).toBe(false);
    expect(canSelect(user(1, S.closed))).toBe(true);
    expect(canSelect(user(1, S.USER_STOP_FAIL))).toBe(true);
  });

  it('says when enabling the selection would go over the limit', () => {
    const three = [user(1, S.closed), user(2, S.closed), user(3, S.closed)];
    expect(selectionActions(three, { userLimit: 5, enabledCount: 2 }).isOverLimit).toBe(false);
    expect(selectionActions(three, { userLimit: 5, enabledCount: 3 }).isOverLimit).toBe(true);
    expect(selectionActions(three, { userLimit: null, enabledCount: 100 }).isOverLimit).toBe(false);
  });

  it('retries a failed enabling by enabling, a failed disabling by disabling', () => {
    expect(rowRetry(S.USER_START_FAIL)).toBe('enable');
    expect(rowRetry(S.USER_STOP_FAIL)).toBe('disable');
    expect(rowRetry(S.USER_START_SUCCESS)).toBeNull();
    expect(rowRetry(S.closed)).toBeNull();
  });
});
