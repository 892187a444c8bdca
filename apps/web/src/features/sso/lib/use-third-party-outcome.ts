/**
 * Reads the outcome of a third-party binding from the URL once `isReady` (the providers have
 * loaded, so that the provider can be named), calls `onOutcome` once, and replaces the URL
 * without the flags, so that a reload or the back button does not show it again.
 */
import { useEffect, useRef } from 'react';
import { navigate, useLocation } from '@/lib/history';
import { type TThirdPartyOutcome, takeThirdPartyOutcome } from './third-party-flags';

export function useThirdPartyOutcome(
  isReady: boolean,
  onOutcome: (outcome: TThirdPartyOutcome) => void,
): void {
  const location = useLocation();
  const onOutcomeRef = useRef(onOutcome);
  onOutcomeRef.current = onOutcome;
  useEffect(() => {
    if (!isReady) return;
    const taken = takeThirdPartyOutcome(location.search);
    if (!taken) return;
    navigate(
      { pathname: location.pathname, search: taken.search, hash: location.hash },
      { replace: true, state: location.state },
    );
    onOutcomeRef.current(taken.outcome);
  }, [isReady, location]);
}
