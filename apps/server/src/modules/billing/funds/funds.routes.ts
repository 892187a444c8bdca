import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../http/define-route';
import { fundsAccount, listDeductions, listTransactions, listVouchers } from './funds-view.service';

/** The account's funds, vouchers, voucher deductions and transactions. */
export function fundsRoutes(app: FastifyInstance): void {
  defineRoute(app, 'deductionList', ({ deps, auth, request, body }) =>
    listDeductions(deps, auth, request.lang, body),
  );
  defineRoute(app, 'voucherList', ({ deps, auth, request, body }) =>
    listVouchers(deps, auth, request.lang, body),
  );
  defineRoute(app, 'transactionList', ({ deps, auth, request, body }) =>
    listTransactions(deps, auth, request.lang, body),
  );
  defineRoute(app, 'getFundsAccount', ({ deps, auth }) => fundsAccount(deps, auth));
}
