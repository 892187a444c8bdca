/**
 * The shared job profile (/share/jobProfile) is public but reads the console's `share` namespace
 * (the service page shares with it): its loaders are registered with the page's chunk, off the
 * login page's first load.
 */
import { registerNamespaceLoaders, type TNamespaceLoaders } from '@console/phrases';
import { chunkLoader } from '@/lib/lazy';
import { loadPhrases } from '@/lib/phrases';

const loaders = {
  'en-US': { share: chunkLoader(() => import('@console/phrases/en-us/share')) },
  'zh-CN': { share: chunkLoader(() => import('@console/phrases/zh-cn/share')) },
} satisfies TNamespaceLoaders<'share'>;

/** Makes the `share` namespace loadable and loads it in the page's language. */
export function loadSharePhrases(): Promise<void> {
  registerNamespaceLoaders(loaders);
  return loadPhrases(['share']);
}
