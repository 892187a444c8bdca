/** /faceRecognitionSuccessful (spec section 2; public, for a phone): the face check is done. */
import { useEffect } from 'react';
import { Result } from '@/components/public-layout/result';
import { getPhrases } from '@/lib/phrases';
import '../face-pages.css';

export default function FaceRecognitionSuccessfulPage() {
  const t = getPhrases('certification');
  const c = getPhrases('common');
  useEffect(() => {
    document.title = `${t.mobile.pageTitle} · ${c.productName}`;
  }, [t.mobile.pageTitle, c.productName]);
  return (
    <div className="cz-face" data-testid="face-success-page">
      <Result
        kind="success"
        title={t.mobile.successTitle}
        text={t.mobile.successText}
        testId="face-success"
      />
    </div>
  );
}
