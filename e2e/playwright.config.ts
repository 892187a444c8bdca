import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { testBrowserPath } from '../scripts/lib/browser-needs.mjs';
import { serversVariable, type TServer } from './servers';

const port = Number(process.env.E2E_PORT ?? 8480);
const onpremPort = port + 1;
const limitsPort = port + 2;
const baseURL = `http://localhost:${port}`;
const onpremURL = `http://localhost:${onpremPort}`;
const limitsURL = `http://localhost:${limitsPort}`;
/** The back office's listener of the cloud server (OPS_PORT, decision 0047): its pages and API. */
export const opsPort = port + 5;
export const opsURL = `http://127.0.0.1:${opsPort}`;

/**
 * The projects named on the command line (`--project cloud`, `--project=cloud`), or null for all.
 * A run of some projects starts only their servers.
 */
function selectedProjects(argv: readonly string[]): string[] | null {
  const names: string[] = [];
  argv.forEach((arg, i) => {
    if (arg === '--project' && argv[i + 1]) names.push(argv[i + 1] as string);
    else if (arg.startsWith('--project=')) names.push(arg.slice('--project='.length));
  });
  return names.length > 0 ? names : null;
}
const selected = selectedProjects(process.argv);

/** Whether a `--project` value (a name or a `*` pattern, any case) names `project`. */
function namesProject(name: string, project: string): boolean {
  const pattern = name
    .toLowerCase()
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replaceAll('*', '.*');
  return new RegExp(`^${pattern}$`).test(project.toLowerCase());
}

/** The built console on a fresh, seeded database (see serve.mjs), for the tests of `project`. */
function server(project: string, serverPort: number, env: Record<string, string> = {}): TServer {
  return { project, port: serverPort, env };
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // Three on two cores: a test spends part of its time waiting (on the server, a resend limit, a
  // provisioning delay), which two workers left as idle processor time (about a tenth). Measured
  // on the idle 2-core machine: the suite alone 12.6 → 11.0 min.
  workers: 3,
  retries: 0,
  // Generous: a loaded 2-core machine runs three browsers, three servers and PostgreSQL at once,
  // and a full load of a console page there takes 5 to 10 s. Limits only stop what hangs; no test
  // waits for them.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: resolve(import.meta.dirname, '../.reports/e2e.json') }]],
  use: {
    // A failed test keeps its trace: actions, console, network and sources, with the screenshot
    // of the failure below. Neither the screencast (encoding a film of every test cost about a
    // tenth of the run's processor time) nor the DOM snapshots of every action (about 12 %, for
    // every test, failed or not): E2E_TRACE_SNAPSHOTS=1 records them when a failure needs them.
    trace: {
      mode: 'retain-on-failure',
      screenshots: false,
      snapshots: process.env.E2E_TRACE_SNAPSHOTS === '1',
      sources: true,
    },
    // The console honours the system's reduced-motion setting (its own CSS and antd's `motion`
    // token): no frame of an opening dialog to draw, or to wait for.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell of Chromium where installed (scripts/lib/browser-needs.mjs).
      executablePath: testBrowserPath(process.env.CHROMIUM_PATH, existsSync),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'cloud',
      testIgnore: /(onprem|mfa-international|license|address-limits)\.spec\.ts/,
      use: { browserName: 'chromium', baseURL, viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'onprem-international',
      testMatch: /(onprem|mfa-international|license)\.spec\.ts/,
      use: { browserName: 'chromium', baseURL: onpremURL, viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'address-limits',
      testMatch: /address-limits\.spec\.ts/,
      use: { browserName: 'chromium', baseURL: limitsURL, viewport: { width: 1440, height: 900 } },
    },
  ],
  globalSetup: './servers.ts',
});

// The consoles of the selected projects, started together by the global setup (servers.ts).
const servers: TServer[] = [
  // The development provisioner: instances open in 3 s, Insight user changes apply in 0.5 s.
  // Phones on localhost get the mobile login (the desktop tests use desktop Chromium's agent and
  // viewport); the instances' host (the development platform's pages are the console's own) may
  // receive a login's token.
  server('cloud', port, {
    DEV_PROVISION_DELAY_MS: '3000',
    DEV_INSIGHT_DELAY_MS: '500',
    MOBILE_LOGIN_HOSTS: 'localhost',
    FALLBACK_URL_HOSTS: 'localhost',
    // Cloud-marketplace registration is a feature of its own, off by default; the server refuses
    // its routes while it is off.
    FEATURE_MARKETPLACE_REGISTER: '1',
    // The back office (ops-helpers.ts, ops-*.spec.ts).
    OPS_PORT: String(opsPort),
  }),
  server('onprem-international', onpremPort, {
    DEPLOY_MODE: 'onprem',
    EDITION: 'international',
    FEATURE_HUAWEI_LICENSE: '1',
  }),
  // Tight limits per client address (decision 0012); each test names its own address by
  // X-Forwarded-For, which the server trusts here.
  server('address-limits', limitsPort, {
    TRUST_PROXY: '1',
    ADDRESS_CAPTCHA_AFTER_FAILURES: '3',
    ADDRESS_BLOCK_AFTER_FAILURES: '6',
    ADDRESS_BLOCK_SECONDS: '120',
  }),
].filter((s) => selected === null || selected.some((name) => namesProject(name, s.project)));
process.env[serversVariable] = JSON.stringify(servers);
