import { describe, expect, it } from 'vitest';
import { takeThirdPartyOutcome } from './third-party-flags';

describe('the third-party binding outcome in the URL', () => {
  it('reads a success and removes the flag, keeping other parameters', () => {
    expect(takeThirdPartyOutcome('?thirdPartyBound=wecom')).toEqual({
      outcome: { kind: 'bound', provider: 'wecom' },
      search: '',
    });
    expect(takeThirdPartyOutcome('?a=1&thirdPartyBound=wecom&b=2')).toEqual({
      outcome: { kind: 'bound', provider: 'wecom' },
      search: '?a=1&b=2',
    });
  });

  it('reads a failure with its message', () => {
    expect(
      takeThirdPartyOutcome('?thirdPartyError=The%20identity%20is%20bound%20to%20another%20user'),
    ).toEqual({
      outcome: { kind: 'error', message: 'The identity is bound to another user' },
      search: '',
    });
    expect(takeThirdPartyOutcome('?thirdPartyError=')?.outcome).toEqual({ kind: 'error', message: '' });
    expect(takeThirdPartyOutcome('?thirdPartyBound=')?.outcome).toEqual({ kind: 'error', message: '' });
    expect(takeThirdPartyOutcome('?thirdPartyBound=x&thirdPartyError=no')).toEqual({
      outcome: { kind: 'error', message: 'no' },
      search: '',
    });
  });

  it('answers null without either flag', () => {
    expect(takeThirdPartyOutcome('')).toBeNull();
    expect(takeThirdPartyOutcome('?keep=1')).toBeNull();
  });
});
