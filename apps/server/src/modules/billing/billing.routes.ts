import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { exportDetails, exportStatement } from './billing.export';
import {
  billingCount,
  billingDetails,
  cspRegionList,
  fundsAccount,
  listDeductions,
  listStatements,
  listTransactions,
  listVouchers,
  skuList,
  statementDetail,
  statementYears,
} from './billing.service';
import { ingestUsage } from './rating';
import { requireSignedUsage } from './usage-hook';

export function billingRoutes(app: FastifyInstance): void {
  defineRoute(app, 'billingCount', ({ deps, auth, request, body }) =>
    billingCount(deps, auth, request.lang, body),
  );
  defineRoute(app, 'billingDetailList', ({ deps, auth, request, body }) =>
    billingDetails(deps, auth, request.lang, body),
  );
  defineRoute(app, 'billingDetailDownload', async ({ deps, auth, request, reply, body }) => {
    await exportDetails(deps, auth, request.lang, body, reply);
    return null;
  });
  defineRoute(app, 'statementList', ({ deps, auth, body }) => listStatements(deps, auth, body));
  defineRoute(app, 'statementYears', ({ deps, auth }) => statementYears(deps, auth));
  defineRoute(app, 'statementDetail', ({ deps, auth, request, body }) =>
    statementDetail(deps, auth, request.lang, body.id),
  );
  defineRoute(app, 'statementDownload', async ({ deps, auth, request, reply, body }) => {
    await exportStatement(deps, auth, request.lang, body, reply);
    return null;
  });
  defineRoute(app, 'deductionList', ({ deps, auth, request, body }) =>
    listDeductions(deps, auth, request.lang, body),
  );
  defineRoute(app, 'voucherList', ({ deps, auth, request, body }) =>
    listVouchers(deps, auth, request.lang, body),
  );
  defineRoute(app, 'transactionList', ({ deps, auth, request, body }) =>
    listTransactions(deps, auth, request.lang, body),
  );
  defineRoute(app, 'getFundsAccount', ({ deps, auth, request }) => fundsAccount(deps, auth, request.lang));
  defineRoute(app, 'cspRegionList', ({ deps, auth, request }) => cspRegionList(deps, auth, request.lang));
  defineRoute(app, 'skuList', ({ deps, auth, request }) => skuList(deps, auth, request.lang));
  // machine API
  defineRoute(app, 'usageHook', async ({ deps, request, body }) => {
    await requireSignedUsage(deps, request);
    return ingestUsage(deps, body.records);
  });
}
