/** The back office's finance routes (issue 40 item 5): vouchers, discounts, top-up orders, adjustments. */
import type { FastifyInstance } from 'fastify';
import { defineOpsRoute } from '../../http/define-ops-route';
import { requestMeta } from '../../http/request-meta';
import {
  issueVoucherForOperator,
  listDiscountsForOperator,
  listVouchersForOperator,
  removeDiscountForOperator,
  setDiscountForOperator,
  topUpOrderForOperator,
  voidVoucherForOperator,
} from './ops-finance.service';
import {
  approveAdjustment,
  createAdjustment,
  listAdjustments,
  rejectAdjustment,
} from './ops-finance-adjustments.service';

export function opsFinanceRoutes(app: FastifyInstance): void {
  defineOpsRoute(app, 'opsFinanceVouchers', ({ deps, query, request }) =>
    listVouchersForOperator(deps, request.lang, query),
  );
  defineOpsRoute(app, 'opsFinanceIssueVoucher', ({ deps, auth, body, request }) =>
    issueVoucherForOperator(deps, auth, request.lang, body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsFinanceVoidVoucher', ({ deps, auth, body, request }) =>
    voidVoucherForOperator(deps, auth, request.lang, body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsFinanceDiscounts', ({ deps, query, request }) =>
    listDiscountsForOperator(deps, request.lang, query),
  );
  defineOpsRoute(app, 'opsFinanceSetDiscount', ({ deps, auth, body, request }) =>
    setDiscountForOperator(deps, auth, request.lang, body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsFinanceRemoveDiscount', ({ deps, auth, body, request }) =>
    removeDiscountForOperator(deps, auth, request.lang, body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsFinanceTopUpOrder', ({ deps, query }) =>
    topUpOrderForOperator(deps, query.orderNo),
  );
  defineOpsRoute(app, 'opsFinanceAdjustments', ({ deps, query }) => listAdjustments(deps, query));
  defineOpsRoute(app, 'opsFinanceCreateAdjustment', ({ deps, auth, body, request }) =>
    createAdjustment(deps, auth, body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsFinanceApproveAdjustment', ({ deps, auth, body, request }) =>
    approveAdjustment(deps, auth, body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsFinanceRejectAdjustment', ({ deps, auth, body, request }) =>
    rejectAdjustment(deps, auth, body, requestMeta(request)),
  );
}
