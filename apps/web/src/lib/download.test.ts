import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download';

describe('export file names', () => {
  it('reads the name of a Content-Disposition header, the UTF-8 one first', () => {
    expect(fileNameOf('attachment; filename="bill-2026-03.xlsx"')).toBe('bill-2026-03.xlsx');
    expect(fileNameOf('attachment; filename="bill.xlsx"; filename*=UTF-8\'\'%E8%B4%A6%E5%8D%95.xlsx')).toBe(
      '账单.xlsx',
    );
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
