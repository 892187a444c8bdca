/**
 * The public pages other than the login page, with the phrase namespaces each reads: a chunk of
 * its own, loaded before the first of them (see public-pages.tsx).
 */
import type { TNamespace } from '@console/phrases';
import { registerPageNamespaces } from '@console/phrases/page-loaders';
import type { ComponentType } from 'react';
import { chunkLoader, chunkLoaders } from '@/lib/lazy';
import { loadPhrases } from '@/lib/phrases';

// The namespaces only these pages (and the console) read are loadable once this table is here.
registerPageNamespaces();

type TModule = { default: ComponentType };

/** Namespaces of the verification pieces (code input, send button, captcha, phone input). */
const codeNs: readonly TNamespace[] = ['common', 'validation', 'errors', 'mfa'];

/** The face pages read the console's `certification` namespace, registered with their chunk. */
const loadFacePhrasesChunk = chunkLoader(() => import('@/features/certification/lib/face-phrases'));

function withFacePhrases(load: Promise<TModule>): Promise<TModule> {
  const phrases = loadFacePhrasesChunk().then((m) => m.loadFacePhrases());
  return Promise.all([load, phrases]).then(([mod]) => mod);
}

/** The shared job profile reads the console's `share` namespace, registered with its chunk. */
const loadSharePhrasesChunk = chunkLoader(() => import('@/features/share/lib/share-phrases'));

/** The page's phrases, and the stylesheet its chunk names (`loadStyles`: antd's, decision 0036). */
function withSharePhrases(load: Promise<TModule & { loadStyles?: () => Promise<void> }>): Promise<TModule> {
  const phrases = loadSharePhrasesChunk().then((m) => m.loadSharePhrases());
  const styled = load.then((mod) => Promise.resolve(mod.loadStyles?.()).then(() => mod));
  return Promise.all([styled, phrases]).then(([mod]) => mod);
}

// Every loader under the chunk-load timer (120 s), new ones included.
const table = chunkLoaders({
  noAuth: [() => import('./routes/no-auth'), ['common']],
  noFound: [() => import('./routes/no-found'), ['common']],
  devOutbox: [() => import('@/features/dev-outbox/routes/dev-outbox'), ['common', 'outbox']],
  findAccount: [() => import('@/features/recovery/routes/find-account'), [...codeNs, 'recovery']],
  findUsername: [() => import('@/features/recovery/routes/find-username'), [...codeNs, 'recovery']],
  findPassword: [
    () => import('@/features/recovery/routes/find-password'),
    [...codeNs, 'recovery', 'password'],
  ],
  register: [() => import('@/features/registration/routes/register'), [...codeNs, 'register', 'password']],
  awsRegister: [
    () => import('@/features/registration/routes/aws-register'),
    [...codeNs, 'register', 'password'],
  ],
  confirmChange: [
    () => import('@/features/contact-change/routes/confirm-change'),
    ['common', 'contactChange'],
  ],
  userInvite: [
    () => import('@/features/invitation/routes/accept-invitation'),
    [...codeNs, 'invitation', 'password'],
  ],
  shareJobProfile: [() => withSharePhrases(import('./routes/share-job-profile')), ['common']],
  ssoError: [() => import('@/features/auth/routes/sso-error'), ['common', 'sso']],
  faceRecognition: [
    () => withFacePhrases(import('./routes/face-recognition')),
    ['common', 'errors', 'validation'],
  ],
  faceRecognitionSuccessful: [
    () => withFacePhrases(import('@/features/certification/routes/face-recognition-successful')),
    ['common'],
  ],
} satisfies Record<string, readonly [() => Promise<TModule>, readonly TNamespace[]]>);

export type TOtherPageId = keyof typeof table;

export const otherPageIds = Object.keys(table) as TOtherPageId[];

/** Loads a page's chunk and its phrases together. */
export function loadPage(id: TOtherPageId): Promise<TModule> {
  const [load, namespaces] = table[id];
  return Promise.all([load(), loadPhrases(namespaces)]).then(([mod]) => mod);
}
