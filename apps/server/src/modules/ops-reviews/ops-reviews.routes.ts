/** The back office's review queues (issue 40, item 4): thin handlers over the queue services. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TOpsAuth } from '../../context';
import { defineOpsRoute } from '../../http/define-ops-route';
import { requestMeta } from '../../http/request-meta';
import { actorOf } from '../operator';
import {
  approveFormal,
  approveVerification,
  confirmRemittance,
  declineFormal,
  rejectRemittance,
  rejectVerification,
} from './ops-reviews-acts.service';
import { claimItem, releaseItem } from './ops-reviews-claims.service';
import {
  formalReview,
  remittanceReview,
  reviewList,
  reviewSummary,
  streamItemFile,
  verificationReview,
} from './ops-reviews-items.service';

export function opsReviewsRoutes(app: FastifyInstance): void {
  const ctx = (auth: TOpsAuth, request: FastifyRequest) => ({
    deps: app.deps,
    actor: actorOf(auth),
    meta: requestMeta(request),
    log: request.log,
  });

  defineOpsRoute(app, 'opsReviewSummary', ({ deps }) => reviewSummary(deps));
  defineOpsRoute(app, 'opsReviewList', ({ deps, auth, query }) =>
    reviewList(deps, actorOf(auth), query.kind),
  );

  defineOpsRoute(app, 'opsVerificationReview', ({ deps, auth, query }) =>
    verificationReview(deps, actorOf(auth), query.id),
  );
  defineOpsRoute(app, 'opsVerificationLicence', ({ deps, query, reply }) =>
    streamItemFile(deps, 'verification', query.id, reply),
  );
  defineOpsRoute(app, 'opsVerificationClaim', ({ deps, auth, body, request }) =>
    claimItem(deps, actorOf(auth), 'verification', body.id, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsVerificationRelease', ({ deps, auth, body, request }) =>
    releaseItem(deps, actorOf(auth), 'verification', body.id, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsVerificationApprove', ({ auth, body, request }) =>
    approveVerification(ctx(auth, request), body.id),
  );
  defineOpsRoute(app, 'opsVerificationReject', ({ auth, body, request }) =>
    rejectVerification(ctx(auth, request), body),
  );

  defineOpsRoute(app, 'opsRemittanceReview', ({ deps, auth, query }) =>
    remittanceReview(deps, actorOf(auth), query.id),
  );
  defineOpsRoute(app, 'opsRemittanceSlip', ({ deps, query, reply }) =>
    streamItemFile(deps, 'remittance', query.id, reply),
  );
  defineOpsRoute(app, 'opsRemittanceClaim', ({ deps, auth, body, request }) =>
    claimItem(deps, actorOf(auth), 'remittance', body.id, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsRemittanceRelease', ({ deps, auth, body, request }) =>
    releaseItem(deps, actorOf(auth), 'remittance', body.id, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsRemittanceConfirm', ({ auth, body, request }) =>
    confirmRemittance(ctx(auth, request), body.id),
  );
  defineOpsRoute(app, 'opsRemittanceReject', ({ auth, body, request }) =>
    rejectRemittance(ctx(auth, request), body),
  );

  defineOpsRoute(app, 'opsFormalReview', ({ deps, auth, query }) =>
    formalReview(deps, actorOf(auth), query.id),
  );
  defineOpsRoute(app, 'opsFormalClaim', ({ deps, auth, body, request }) =>
    claimItem(deps, actorOf(auth), 'formal', body.id, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsFormalRelease', ({ deps, auth, body, request }) =>
    releaseItem(deps, actorOf(auth), 'formal', body.id, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsFormalApprove', ({ auth, body, request }) =>
    approveFormal(ctx(auth, request), body.id),
  );
  defineOpsRoute(app, 'opsFormalDecline', ({ auth, body, request }) =>
    declineFormal(ctx(auth, request), body),
  );
}
