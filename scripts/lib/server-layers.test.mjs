import { describe, expect, it } from 'vitest';
import { serverLayerOf, upwardImport } from './server-layers.mjs';

describe('the layers of the server’s sources', () => {
  it('puts the root files and the infrastructure folders below the modules, the composition above', () => {
    for (const path of ['context.ts', 'errors.ts', 'i18n.ts', 'lib/clock.ts', 'db/client.ts', 'http/meta.ts'])
      expect(serverLayerOf(path)).toBe(0);
    for (const path of ['adapters/mail.ts', 'config/index.ts', 'jobs/runner.ts'])
      expect(serverLayerOf(path)).toBe(0);
    expect(serverLayerOf('modules/mfa/rsa-keys.ts')).toBe(1);
    for (const path of ['app.ts', 'main.ts', 'cli.ts', 'deps.ts', 'seed/demo.ts'])
      expect(serverLayerOf(path)).toBe(2);
  });

  it('refuses the context importing a type from a module (the key store was the last such import)', () => {
    expect(upwardImport('context.ts', 'modules/mfa/rsa-keys.ts')).toBe(
      'a file below the modules imports a module',
    );
    expect(upwardImport('lib/outbound.ts', 'modules/billing/webhooks/webhooks.sender.ts')).toBe(
      'a file below the modules imports a module',
    );
    expect(upwardImport('http/errors.ts', 'seed/demo.ts')).toBe(
      'a file below the modules imports the composition',
    );
  });

  it('refuses a module importing the composition or the seed', () => {
    expect(upwardImport('modules/user/user.service.ts', 'deps.ts')).toBe('a module imports the composition');
    expect(upwardImport('modules/account/account.service.ts', 'seed/demo.ts')).toBe(
      'a module imports the composition',
    );
  });

  it('allows imports within a layer and downward', () => {
    expect(upwardImport('modules/mfa/rsa-keys.ts', 'context.ts')).toBeNull();
    expect(upwardImport('modules/auth/auth.service.ts', 'modules/mfa/index.ts')).toBeNull();
    expect(upwardImport('deps.ts', 'modules/mfa/rsa-keys.ts')).toBeNull();
    expect(upwardImport('seed/demo.ts', 'modules/user/index.ts')).toBeNull();
    expect(upwardImport('main.ts', 'app.ts')).toBeNull();
    expect(upwardImport('http/session-cookie.ts', 'context.ts')).toBeNull();
    expect(upwardImport('jobs/runner.ts', 'db/client.ts')).toBeNull();
  });
});
