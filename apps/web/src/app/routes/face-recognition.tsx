/** /faceRecognition as the app shows it: the verification's face page with the mobile sign-in. */
import { Suspense } from 'react';
import type { TMobileLoginProps } from '@/features/auth/components/mobile-login';
import { FaceRecognition } from '@/features/certification/routes/face-recognition';
import { chunkLoader, lazyPage } from '@/lib/lazy';

const MobileLogin = lazyPage<TMobileLoginProps>(
  chunkLoader(() => import('@/features/auth/components/mobile-login')),
);

export default function FaceRecognitionRoute() {
  return (
    <FaceRecognition
      signIn={(onSignedIn) => (
        <Suspense fallback={null}>
          <MobileLogin onSignedIn={onSignedIn} />
        </Suspense>
      )}
    />
  );
}
