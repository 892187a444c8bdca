/** React Router's navigator over the app's one history (lib/history). */
import type { Navigator } from 'react-router';
import { createPath, navigate } from '@/lib/history';

export const appNavigator: Navigator = {
  createHref: (to) => createPath(to),
  encodeLocation: (to) => {
    const url = new URL(createPath(to), window.location.origin);
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  },
  go: (delta) => window.history.go(delta),
  push: (to, state) => navigate(to, { state }),
  replace: (to, state) => navigate(to, { replace: true, state }),
};
