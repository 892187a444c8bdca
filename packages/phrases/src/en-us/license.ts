import type { TLicenseStatus } from '@console/contract/enums';

/** Huawei-cloud license activation (a sub-screen of the login page). */
const license = {
  title: 'License activation',
  subtitle: 'Paste the license you received with your Huawei Cloud subscription.',
  label: 'License',
  placeholder: 'Paste the license here',
  activate: 'Activate',
  activating: 'Activating…',
  activated: 'License activated',
  back: 'Back to login',
  listTitle: 'Licenses of this installation',
  empty: 'No license has been activated yet.',
  loadFailed: 'The licenses could not be loaded.',
  status: 'Status',
  activeTime: 'Activated',
  expireTime: 'Expires',
  statuses: { ALIVE: 'Active', EXPIRED: 'Expired', RELEASED: 'Released' } satisfies Record<
    TLicenseStatus,
    string
  >,
};

export default license;
