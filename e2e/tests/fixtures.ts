/**
 * The browser tests' `test`: Playwright's, with every page of the test's context watched for
 * Content-Security-Policy violations. The console runs under the server's strict policy (no
 * inline or evaluated scripts, no framing); any violation a page reports fails the test, with
 * the directive, what was blocked and where. So does any message the browser logs about the
 * Permissions-Policy header (a feature it does not recognise, a malformed entry), on any page.
 */
import { test as base, expect } from '@playwright/test';

export * from '@playwright/test';

type TFixtures = { cspViolations: string[]; permissionsPolicyMessages: string[] };

export const test = base.extend<TFixtures>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__czReportCspViolation', (_source, text: string) => {
        violations.push(text);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __czReportCspViolation?: (text: string) => void })
            .__czReportCspViolation;
          report?.(
            `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile || location.href}:${event.lineNumber} on ${location.pathname}${event.sample ? ` — ${event.sample}` : ''}`,
          );
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations reported by the pages').toEqual([]);
    },
    { auto: true },
  ],
  permissionsPolicyMessages: [
    async ({ context }, use) => {
      const messages: string[] = [];
      context.on('console', (message) => {
        if (/permissions.policy/i.test(message.text())) {
          messages.push(`${message.type()} on ${message.page()?.url() ?? '?'}: ${message.text()}`);
        }
      });
      await use(messages);
      expect(messages, 'messages about the Permissions-Policy header logged by the pages').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
