import { afterEach, describe, expect, it } from 'vitest';
import { antdZeroRuntime, loadAntdStyles, prependStylesheet } from './antd-styles';

/** happy-dom fetches no stylesheet: it answers each with `load` or with `error`, as told here. */
function stylesheetsLoad(succeed: boolean): void {
  const settings = (
    window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }
  ).happyDOM.settings;
  settings.handleDisabledFileLoadingAsSuccess = succeed;
}

function linksTo(url: string): HTMLLinkElement[] {
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => link.getAttribute('href') === url,
  );
}

afterEach(() => stylesheetsLoad(false));

describe('antd’s stylesheet', () => {
  it('is left to antd’s runtime outside a production build', async () => {
    expect(antdZeroRuntime).toBe(false);
    await expect(loadAntdStyles()).resolves.toBeUndefined();
    expect(document.head.querySelector('link[href*="antd"]')).toBeNull();
  });

  it('goes first in the head, before the console’s own styles, once however often it is asked for', async () => {
    stylesheetsLoad(true);
    const own = document.createElement('style');
    document.head.append(own);
    const url = '/assets/antd-first.css';
    const first = prependStylesheet(url);
    expect(prependStylesheet(url)).toBe(first);
    await expect(first).resolves.toBeUndefined();
    expect(linksTo(url)).toHaveLength(1);
    expect(document.head.firstElementChild).toBe(linksTo(url)[0]);
    own.remove();
  });

  it('fails as a chunk does when it cannot load, and loads again on the next try', async () => {
    // (happy-dom prints the refused load on its page's console.)
    const url = '/assets/antd-missing.css';
    const failed = prependStylesheet(url);
    await expect(failed).rejects.toThrow(/Failed to fetch/);
    expect(linksTo(url)).toHaveLength(0);
    stylesheetsLoad(true);
    const retry = prependStylesheet(url);
    expect(retry).not.toBe(failed);
    await expect(retry).resolves.toBeUndefined();
    expect(linksTo(url)).toHaveLength(1);
  });
});
