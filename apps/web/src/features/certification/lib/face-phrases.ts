/**
 * The face pages (/faceRecognition, /faceRecognitionSuccessful) are public but read the console's
 * `certification` namespace: its loaders are registered with their chunk, off the login page's
 * first load.
 */
import { registerNamespaceLoaders, type TNamespaceLoaders } from '@console/phrases';
import { chunkLoader } from '@/lib/lazy';
import { loadPhrases } from '@/lib/phrases';

const loaders = {
  'en-US': { certification: chunkLoader(() => import('@console/phrases/en-us/certification')) },
  'zh-CN': { certification: chunkLoader(() => import('@console/phrases/zh-cn/certification')) },
} satisfies TNamespaceLoaders<'certification'>;

/** Makes the `certification` namespace loadable and loads it in the page's language. */
export function loadFacePhrases(): Promise<void> {
  registerNamespaceLoaders(loaders);
  return loadPhrases(['certification']);
}
