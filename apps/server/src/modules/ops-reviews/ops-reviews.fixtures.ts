/**
 * Items of the review queues made the way customers make them, through the customers' API: an
 * enterprise verification the development provider leaves to manual review (a company name with
 * "Manual"), a reported remittance with its slip, an application for a formal account. For the
 * review queues' tests and the back office's permission matrix.
 */
import type { FastifyInstance } from 'fastify';
import { bearer, envelope, seedAccount, signIn, type TSeededAccount } from '../../../test/harness';
import type { TDeps } from '../../context';
import { listFormalApplicationsForReview } from '../account';
import { multipart, samples } from '../billing/uploads/upload.fixtures';

let serial = 0;

/** Account names are letters only. */
function letters(n: number): string {
  return n
    .toString(26)
    .split('')
    .map((d) => String.fromCharCode(97 + Number.parseInt(d, 26)))
    .join('');
}

export type TReviewCustomer = { account: TSeededAccount; token: string };

/** A fresh trial account and its administrator's session on the customers' API. */
export async function reviewCustomer(
  deps: TDeps,
  app: FastifyInstance,
  prefix = 'rev',
): Promise<TReviewCustomer> {
  serial += 1;
  const name = `${prefix}${letters(serial + 1000)}`;
  const account = await seedAccount(deps, name);
  return { account, token: await signIn(app, name, account.admin) };
}

async function ok<T>(res: Awaited<ReturnType<FastifyInstance['inject']>>, what: string): Promise<T> {
  const body = envelope<T>(res);
  if (body.code !== 0) throw new Error(`${what}: ${body.code} ${body.message} ${JSON.stringify(body.data)}`);
  return body.data;
}

export async function uploadFile(
  app: FastifyInstance,
  token: string,
  purpose: 'businessLicense' | 'remittance',
  file: { name: string; bytes: Buffer } = { name: 'licence.png', bytes: samples.png },
): Promise<string> {
  const body = multipart(file.name, file.bytes);
  const res = await app.inject({
    method: 'POST',
    url: `/api/portal/billing/certification/upload?fileName=${encodeURIComponent(file.name)}&purpose=${purpose}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  return (await ok<{ fileId: string }>(res, 'upload')).fileId;
}

/** An enterprise verification waiting for manual review; answers its id. */
export async function waitingVerification(
  app: FastifyInstance,
  customer: TReviewCustomer,
  file?: { name: string; bytes: Buffer },
): Promise<number> {
  const licenseFileId = await uploadFile(app, customer.token, 'businessLicense', file);
  const res = await app.inject({
    method: 'POST',
    url: '/api/portal/billing/certification/companyVerify',
    headers: bearer(customer.token),
    payload: {
      companyName: 'Manual Review Trading Co.',
      creditCode: '91350100M000100Y43',
      legalPersonName: '李四',
      legalPersonId: '440524188001010014',
      bankAccount: '6222 0210 0108 8889 999',
      bankName: 'ICBC Beijing',
      licenseFileId,
    },
  });
  const c = await ok<{ id: number; status: string; manualReview: boolean }>(res, 'companyVerify');
  if (c.status !== 'verifying' || !c.manualReview) throw new Error('verification not left to manual review');
  return c.id;
}

/** A reported remittance of `amount` yuan with its slip; answers its id. */
export async function pendingRemittance(
  app: FastifyInstance,
  customer: TReviewCustomer,
  amount = '1234.50',
): Promise<number> {
  const fileId = await uploadFile(app, customer.token, 'remittance', {
    name: 'slip.jpg',
    bytes: samples.jpeg,
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/portal/billing/remittance/submit',
    headers: bearer(customer.token),
    payload: { amount, payerName: 'Acme Trading Co., Ltd.', payerAccount: '6222 0000 1111', fileId },
  });
  return (await ok<{ id: number }>(res, 'submitRemittance')).id;
}

/** An application for a formal account; answers its id. */
export async function submittedApplication(
  deps: TDeps,
  app: FastifyInstance,
  customer: TReviewCustomer,
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/portal/account/formal/application',
    headers: bearer(customer.token),
    payload: {
      username: 'Li Si',
      company: 'Acme Trading Co., Ltd.',
      email: 'li.si@acme.example',
      agreement: true,
      openService: [1, 3],
    },
  });
  await ok(res, 'formalApplication');
  const rows = await listFormalApplicationsForReview(deps);
  const last = rows.filter((r) => r.accountId === customer.account.id).at(-1);
  if (!last) throw new Error('no application');
  return last.id;
}
