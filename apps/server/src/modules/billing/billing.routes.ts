import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { fundsRoutes } from './funds/funds.routes';
import { logBillDetailFailure } from './statements/bill-detail-read';
import { billingCount, billingDetails, cspRegionList, skuList } from './statements/details.service';
import { exportDetails, exportStatement } from './statements/statements.export';
import { listStatements, statementDetail, statementYears } from './statements/statements.service';
import { ingestUsage } from './usage/rating';
import { requireSignedUsage } from './usage/usage-hook';

/** The bill: the billing record, details, statements and their exports, the filters, the funds. */
export function billingRoutes(app: FastifyInstance): void {
  defineRoute(app, 'billingCount', ({ deps, auth, request, body }) =>
    billingCount(deps, auth, request.lang, body),
  );
  defineRoute(app, 'billingDetailList', ({ deps, auth, request, body }) =>
    billingDetails(deps, auth, request.lang, body).catch(logBillDetailFailure(request.log)),
  );
  defineRoute(app, 'billingDetailDownload', async ({ deps, auth, request, reply, body }) => {
    await exportDetails(deps, auth, request.lang, body, reply);
    return null;
  });
  defineRoute(app, 'statementList', ({ deps, auth, body }) => listStatements(deps, auth, body));
  defineRoute(app, 'statementYears', ({ deps, auth }) => statementYears(deps, auth));
  defineRoute(app, 'statementDetail', ({ deps, auth, request, body }) =>
    statementDetail(deps, auth, request.lang, body.id).catch(logBillDetailFailure(request.log)),
  );
  defineRoute(app, 'statementDownload', async ({ deps, auth, request, reply, body }) => {
    await exportStatement(deps, auth, request.lang, body, reply);
    return null;
  });
  fundsRoutes(app);
  defineRoute(app, 'cspRegionList', ({ deps, auth, request }) => cspRegionList(deps, auth, request.lang));
  defineRoute(app, 'skuList', ({ deps, auth, request }) => skuList(deps, auth, request.lang));
  // machine API
  defineRoute(app, 'usageHook', async ({ deps, request, body }) => {
    await requireSignedUsage(deps, request);
    return ingestUsage(deps, body.records);
  });
}
