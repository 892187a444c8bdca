/**
 * The test S3 store (s3-store.ts) as a process of its own, for the benches:
 * `node --import tsx apps/server/test/provider-peers/s3-store-process.ts [port]` prints its
 * settings as one JSON line (`{ url, env }`) and stops on SIGTERM or SIGINT.
 */
import { startS3Store } from './s3-store';

const store = await startS3Store({ port: Number(process.argv[2] ?? 0) });
process.stdout.write(`${JSON.stringify({ url: store.url, env: store.env })}\n`);
const stop = () => {
  store.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
