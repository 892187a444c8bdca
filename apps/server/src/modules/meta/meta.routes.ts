import type { TMeta } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { adapterStates, isDemonstration } from '../../adapters/registry';
import type { TConfig } from '../../config';
import { defineRoute } from '../../http/define-route';

export function buildMeta(config: TConfig): TMeta {
  const adapters = adapterStates(config);
  return {
    edition: config.edition,
    deployMode: config.deployMode,
    defaultLanguage: config.defaultLanguage,
    features: config.features,
    consoleUrl: config.publicUrl,
    support: config.support,
    links: config.links,
    ipLookupUrl: config.ipLookupUrl,
    fallbackHosts: config.fallbackHosts,
    mobileLoginHosts: config.mobileLoginHosts,
    devOutbox: config.devAdapters,
    adapters,
    isDemonstration: isDemonstration(config, adapters),
  };
}

export function metaRoutes(app: FastifyInstance): void {
  const meta = buildMeta(app.deps.config);
  defineRoute(app, 'meta', ({ reply }) => {
    reply.header('cache-control', 'no-cache');
    return meta;
  });
}
