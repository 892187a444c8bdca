/** Test helpers of console components: i18next over the phrase modules, the query client, a fake API. */
import type { TLanguage } from '@console/contract/enums';
import type { TNamespace } from '@console/phrases';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { i18n } from 'i18next';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { createConsoleI18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';

const instances = new Map<TLanguage, Promise<i18n>>();

/** A console i18next instance with every namespace the console's dialogs use, loaded. */
export function consoleI18n(
  lang: TLanguage = 'en-US',
  namespaces: readonly TNamespace[] = [],
): Promise<i18n> {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createConsoleI18n(lang);
    instances.set(lang, instance);
  }
  return instance.then(async (ready) => {
    await ready.loadNamespaces([...namespaces]);
    return ready;
  });
}

/** Renders console UI with the app's query client and i18next. */
export function renderConsole(ui: ReactNode, i18nInstance: i18n) {
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18nInstance}>
        <Suspense fallback={null}>{ui}</Suspense>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

export type TApiCall = {
  method: string;
  path: string;
  body: unknown;
  /** The request's headers, names lower-cased. */
  headers?: Record<string, string>;
  /** The parameters of the address's query string. */
  query?: Record<string, string>;
};

/**
 * Replaces `fetch` with a fake API: `answer` gets each call and answers an envelope's
 * `{ code, message, data }` (or just the data, for success), or a promise of it. Answers the calls made.
 */
export function fakeApi(
  answer: (call: TApiCall) => { code: number; message?: string; data?: unknown } | unknown,
) {
  const calls: TApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const address = new URL(url, 'http://console.test');
      const path = address.pathname;
      const call = {
        method: init.method ?? 'GET',
        path,
        query: Object.fromEntries(address.searchParams.entries()),
        body: init.body ? JSON.parse(String(init.body)) : null,
        headers: Object.fromEntries(new Headers(init.headers).entries()),
      };
      calls.push(call);
      const result = await answer(call);
      const isEnvelope = typeof result === 'object' && result !== null && 'code' in result;
      const envelope = isEnvelope
        ? { message: 'ok', data: null, ...result }
        : { code: 0, message: 'ok', data: result };
      return new Response(JSON.stringify(envelope));
    }),
  );
  return calls;
}
