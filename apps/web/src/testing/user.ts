import type { TCurrentUser } from '@/api/get-current-user';

/** The signed-in account administrator of route tests. */
export const testAdmin: TCurrentUser = {
  id: 1,
  name: 'admin_demo',
  displayName: 'Admin',
  accountId: 1,
  accountName: 'demo',
  accountDisplayName: 'demo',
  email: null,
  phone: null,
  phoneCode: '86',
  isAccountAdmin: true,
  lastLoginTime: null,
  lastLoginIp: null,
};
