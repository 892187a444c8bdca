/**
 * The development stand-in's page of an instance (`GET /api/dev/instance/{name}`): where "Open"
 * leads while the console plays the platform (no `PROVISIONER_URL`, outside production or on a
 * demonstration installation). It shows the instance as the console knows it, in the request's
 * language, and says plainly that it stands in for the instance's own console. Registered only
 * where the stand-in provisioner answers (service.routes.ts).
 */
import type { TInstance } from '@console/contract';
import type { TLanguage } from '@console/contract/enums';
import { InstanceStatus } from '@console/contract/service-enums';
import { interpolate, serverPhrases } from '@console/phrases/server';
import type { FastifyReply } from 'fastify';

const statusKeys = {
  [InstanceStatus.closed]: 'closed',
  [InstanceStatus.opening]: 'opening',
  [InstanceStatus.opened]: 'opened',
  [InstanceStatus.openFailed]: 'openFailed',
  [InstanceStatus.hidden]: 'hidden',
} as const;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** The page of `instance` in `lang`; `backPath` is the console's service management. */
export function renderDevInstancePage(lang: TLanguage, instance: TInstance, backPath: string): string {
  const t = serverPhrases[lang].services;
  const title = interpolate(t.devInstance.title, {
    service: instance.serviceName,
    name: instance.instanceName,
  });
  const status = statusKeys[instance.status as keyof typeof statusKeys];
  const rows: [string, string, string][] = [
    ['instance-name', t.columns.instanceName, instance.instanceName],
    ['instance-service', t.devInstance.service, instance.serviceName],
    ['instance-version', t.columns.version, instance.versionName],
    ['instance-region', t.columns.region, `${instance.cspName} / ${instance.regionName}`],
    ['instance-status', t.columns.status, status ? t.status[status] : String(instance.status)],
  ];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; background: #f5f6f8; margin: 0; color: #1f2329; }
  main { max-width: 560px; margin: 48px auto; background: #fff; border-radius: 12px; padding: 28px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 20px; margin: 0 0 12px; overflow-wrap: anywhere; }
  .notice { background: #fff7e6; border: 1px solid #ffd591; border-radius: 8px; padding: 10px 14px; margin: 0 0 20px; font-size: 14px; line-height: 1.6; }
  dl { display: grid; grid-template-columns: max-content 1fr; align-items: baseline; gap: 10px 16px; margin: 0 0 24px; }
  dt { color: #646a73; white-space: nowrap; } dd { margin: 0; overflow-wrap: anywhere; }
  code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
  a { color: #1677ff; }
  @media (max-width: 600px) { main { margin: 0; border-radius: 0; box-shadow: none; padding: 20px 16px; } }
</style>
</head>
<body>
<main data-testid="dev-instance">
<h1>${escapeHtml(title)}</h1>
<p class="notice" role="note" data-testid="dev-instance-notice">${escapeHtml(t.devInstance.notice)}</p>
<dl>${rows
    .map(
      ([id, label, value]) =>
        `<dt>${escapeHtml(label)}</dt><dd data-testid="${id}">${id === 'instance-name' ? `<code>${escapeHtml(value)}</code>` : escapeHtml(value)}</dd>`,
    )
    .join('')}</dl>
<p><a href="${escapeHtml(backPath)}" data-testid="dev-instance-back">${escapeHtml(t.devInstance.back)}</a></p>
</main>
</body>
</html>`;
}

export function sendDevInstancePage(reply: FastifyReply, html: string): null {
  reply
    .code(200)
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
    )
    .type('text/html; charset=utf-8')
    .send(html);
  return null;
}
