import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreakableUrl } from './breakable-url';

describe('an address that wraps between its parts', () => {
  it('offers a break after each slash and before the query, keeping the text whole', () => {
    const url = 'https://console.example.com/api/portal/sso/saml/metadata?accountName=demo&x=1';
    const { container } = render(
      <code>
        <BreakableUrl value={url} />
      </code>,
    );
    expect(container.textContent).toBe(url);
    const html = container.innerHTML;
    expect(html).toContain('api/<wbr>portal/<wbr>sso/');
    expect(html).toContain('metadata<wbr>?accountName=demo<wbr>&amp;x=1');
    // Never inside a word.
    expect(html).not.toMatch(/[a-z]<wbr>[a-z]/);
  });
});
