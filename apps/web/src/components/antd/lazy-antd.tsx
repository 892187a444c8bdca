/**
 * Pages and dialogs that use antd, loaded with antd's provider (decision 0033): the shell and the
 * workbench draw without antd, so antd comes with the first page or dialog that needs it, in
 * parallel with that page's own chunk (no waterfall).
 */
import { type ComponentType, createElement } from 'react';
import { chunkLoader, lazyPage, type TLazyPage } from '@/lib/lazy';
import { loadAntdStyles } from './antd-styles';

/** antd's provider, and antd's stylesheet where the build extracted it (decision 0036). */
const loadProvider = chunkLoader(() =>
  Promise.all([import('./antd-provider'), loadAntdStyles()]).then(([provider]) => provider),
);

/** Fetches antd's provider ahead of need (the shell does when the pointer or focus comes to the menu). */
export function preloadAntd(): void {
  loadProvider().catch(() => {});
}

/** `lazyPage` for a component that uses antd: it renders inside `AntdProvider`. */
export function lazyAntd<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): TLazyPage<P> {
  return lazyPage<P>(
    chunkLoader(() =>
      Promise.all([loadProvider(), load()]).then(([{ AntdProvider }, mod]) => {
        const Inner = mod.default;
        function WithAntd(props: P) {
          return createElement(AntdProvider, null, createElement(Inner, props));
        }
        WithAntd.displayName = `WithAntd(${Inner.displayName ?? Inner.name ?? 'Component'})`;
        return { default: WithAntd };
      }),
    ),
  );
}
