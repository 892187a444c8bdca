/**
 * The billing module's public side for other modules: crediting cash (demo data), pausing an
 * account's services (a trial's end), and the uploads that real-name verification reads.
 */
export { creditCash, enqueuePauseJobs } from './funds/funds.service';
export { countPendingRemittances } from './remittance/remittance.service';
export { findUpload } from './uploads/upload.service';
