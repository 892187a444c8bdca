import { describe, expect, it } from 'vitest';
import { auditExportHref, emptyAuditFilters, toAuditFilter, toAuditListBody } from './audit-query';

describe('audit filters → request', () => {
  it('leaves out blank filters and "all"', () => {
    expect(toAuditFilter(emptyAuditFilters)).toEqual({});
    expect(toAuditFilter({ ...emptyAuditFilters, username: '  ', search: ' ', objectType: '' })).toEqual({});
  });

  it('maps every filter, trimming texts and the status to 1/0', () => {
    expect(
      toAuditFilter({
        from: '2026-11-01T00:00:00.000Z',
        to: '2026-11-02T00:00:00.000Z',
        username: ' admin_demo ',
        objectType: 'account',
        status: 'failure',
        search: ' policy ',
      }),
    ).toEqual({
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-02T00:00:00.000Z',
      username: 'admin_demo',
      objectType: 'account',
      status: 0,
      search: 'policy',
    });
    expect(toAuditFilter({ ...emptyAuditFilters, status: 'success' })).toEqual({ status: 1 });
  });

  it('adds the page size, and the cursor only after the first page', () => {
    expect(toAuditListBody(emptyAuditFilters, 50, null)).toEqual({ pageSize: 50 });
    expect(
      toAuditListBody({ ...emptyAuditFilters, username: 'bob' }, 20, '2026-11-01T08:00:00.000000Z_42'),
    ).toEqual({
      username: 'bob',
      pageSize: 20,
      cursor: '2026-11-01T08:00:00.000000Z_42',
    });
  });

  it('builds the export address of the same filters, encoded', () => {
    expect(auditExportHref(emptyAuditFilters)).toBe('/api/portal/audit/export');
    expect(auditExportHref({ ...emptyAuditFilters, status: 'failure', search: 'a&b =c' })).toBe(
      '/api/portal/audit/export?status=0&search=a%26b+%3Dc',
    );
  });
});
