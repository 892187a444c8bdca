/** A page of the back office in its navigation (nav-registry.tsx). */
import type { TOpsRouteId } from '@console/contract/ops';
import type { TOpsNamespace } from '@console/phrases';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';

export type TOpsNavItem = {
  /** Unique; also the menu item's test id (`ops-nav-<key>`). */
  key: string;
  /** Where the page lives; its own sub-paths (`/accounts/12`) stay the page's (`path/*`). */
  path: string;
  /** The menu's text: a key of the area's phrase namespace. */
  label: { ns: TOpsNamespace; key: string };
  icon: ReactNode;
  /**
   * The route of the contract whose roles see the page (usually the page's first read): the
   * operators whose role it does not admit neither see the page in the menu nor can open it.
   */
  visibleWith: TOpsRouteId;
  /** The page, a chunk of its own. */
  page: LazyExoticComponent<ComponentType>;
};
