/**
 * The browser tests' `test`: Playwright's, with every page of the test's context watched for
 * Content-Security-Policy violations. The console runs under the server's strict policy (no
 * inline or evaluated scripts, no framing); any violation a page reports fails the test, with
 * the directive, what was blocked and where.
 */
import { test as base, expect } from '@playwright/test';

export * from '@playwright/test';

type TFixtures = { cspViolations: string[] };

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
});

export { expect };
