/**
 * The audit module's public side: the writer every change calls inside its own transaction
 * (invariant 4), one entry or several, and the chains and their verification that the operator
 * command runs.
 */
export type { TChainReport } from './audit.chain';
export { verifyChains } from './audit.chain';
export type { TAuditEntry } from './audit.repository';
export { listChains } from './audit.repository';
export { listAudit, writeAudit, writeAuditEntries } from './audit.service';
