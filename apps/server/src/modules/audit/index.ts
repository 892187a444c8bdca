/**
 * The audit module's public side: the one writer every change calls inside its own transaction
 * (invariant 4), and the chain verification the operator command runs.
 */

export { verifyChains } from './audit.chain';
export type { TAuditEntry } from './audit.repository';
export { listChains } from './audit.repository';
export { writeAudit } from './audit.service';
