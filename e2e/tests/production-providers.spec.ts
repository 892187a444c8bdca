/**
 * The real providers' protocols, end to end in production mode on PostgreSQL: two replicas of the
 * built server share one database (the demo data, put there by a development start) and speak to
 * local peers that check every request's signature with code of their own
 * (apps/server/test/provider-peers), as the providers' servers would. Replica A and replica B
 * differ only where a test needs two providers of one kind (SMS through Alibaba Cloud on one,
 * through Tencent Cloud on the other) or two replicas (an upload through one read from the other).
 */
import {
  demoDatabase,
  portsFrom,
  productionSecretKey,
  startReady,
  type TDemoDatabase,
  type TProductionServer,
} from '../production-servers';
import { expect, test } from './fixtures';

// Beside the other production specs' ports (+8, +9, +20…+22).
const devPort = portsFrom(30);
const portA = devPort + 1;
const portB = devPort + 2;

let database: TDemoDatabase | undefined;
let replicaA: TProductionServer;
let replicaB: TProductionServer;
/** Closes the peers started in beforeAll. */
const closers: Array<() => Promise<void>> = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  database = await demoDatabase('providers', devPort);
  // What both replicas share: the database, the key that signs sessions, the providers.
  const shared: Record<string, string> = {
    ...database.env,
    NODE_ENV: 'production',
    SECRET_KEY: productionSecretKey(),
    JOBS: '0',
  };
  // What only one replica has.
  const onlyA: Record<string, string> = {};
  const onlyB: Record<string, string> = {};
  [replicaA, replicaB] = await Promise.all([
    startReady({ ...shared, ...onlyA, PUBLIC_URL: `http://localhost:${portA}` }, portA),
    startReady({ ...shared, ...onlyB, PUBLIC_URL: `http://localhost:${portB}` }, portB),
  ]);
});

test.afterAll(async () => {
  await Promise.all([replicaA?.stop(), replicaB?.stop()]);
  await Promise.all(closers.map((close) => close()));
  await database?.drop();
});

test('both replicas run in production on one database and print their adapter table', async ({ request }) => {
  for (const replica of [replicaA, replicaB]) {
    expect(replica.output()).toMatch(/adapter\s+state\s+setting/);
    expect(replica.output()).not.toMatch(/development stand-in/);
    const meta = await request.get(`${replica.url}/api/meta`);
    expect(meta.ok()).toBe(true);
  }
});
