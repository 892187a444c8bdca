/** The development outbox page (/dev/outbox; never in production mode). */
const outbox = {
  pageTitle: 'Development outbox',
  title: 'Development outbox',
  subtitle:
    'Every e-mail and SMS the server sent in development mode, newest first. Production mode has no outbox.',
  filter: 'Recipient',
  filterPlaceholder: 'E-mail address or phone, e.g. +86 13800000000',
  search: 'Filter',
  refresh: 'Refresh',
  empty: 'No messages yet.',
  channel: { email: 'E-mail', sms: 'SMS' },
  to: 'To',
  code: 'Code',
  sentAt: 'Sent',
  count: '{{count}} messages',
  loadFailed: 'The outbox could not be loaded.',
};

export default outbox;
