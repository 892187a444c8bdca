import { beforeEach, describe, expect, it } from 'vitest';
import { deleteCookie, getCookie, setCookie } from '@/lib/cookies';
import { addRecentAccount, readRecentAccounts, removeRecentAccount } from './recent-accounts';

beforeEach(() => deleteCookie('cz-recent-accounts'));

describe('recent accounts (cookie cz-recent-accounts)', () => {
  it('starts empty and keeps the most recent first', () => {
    expect(readRecentAccounts()).toEqual([]);
    addRecentAccount('alpha');
    addRecentAccount('beta');
    expect(readRecentAccounts()).toEqual(['beta', 'alpha']);
    expect(JSON.parse(getCookie('cz-recent-accounts') ?? '[]')).toEqual(['beta', 'alpha']);
  });

  it('keeps each name once (case-insensitive), moving it to the front', () => {
    addRecentAccount('alpha');
    addRecentAccount('beta');
    addRecentAccount('Alpha');
    expect(readRecentAccounts()).toEqual(['Alpha', 'beta']);
  });

  it('keeps at most 10 names, dropping the oldest', () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'].map((x) => `acct${x}`);
    for (const n of names) addRecentAccount(n);
    const list = readRecentAccounts();
    expect(list).toHaveLength(10);
    expect(list[0]).toBe('acctl');
    expect(list).not.toContain('accta');
    expect(list).not.toContain('acctb');
  });

  it('removes a name', () => {
    addRecentAccount('alpha');
    addRecentAccount('beta');
    expect(removeRecentAccount('ALPHA')).toEqual(['beta']);
    expect(readRecentAccounts()).toEqual(['beta']);
  });

  it('ignores blank names and a damaged cookie', () => {
    addRecentAccount('   ');
    expect(readRecentAccounts()).toEqual([]);
    setCookie('cz-recent-accounts', 'not-json');
    expect(readRecentAccounts()).toEqual([]);
  });
});
