/**
 * The limits of shared job profiles and the statuses of a job, free of any schema library so that
 * the console's forms can use them without loading zod (decision 0008).
 */
export const ShareLimits = {
  /** A link lives 1 to 30 days; the console proposes 7. */
  expireDaysMin: 1,
  expireDaysMax: 30,
  expireDaysDefault: 7,
  /** Longest job id the platform uses. */
  jobIdMax: 128,
  /** Most recent jobs one list answers. */
  recentJobsMax: 50,
  recentJobsDefault: 20,
  /** Longest link token accepted in a request (the console's are 43 characters). */
  tokenMax: 256,
  /** Most nodes (stages and operators) of one profile, and the longest SQL text. */
  profileNodesMax: 2000,
  sqlMax: 200_000,
} as const;

/** A job's state on its instance. */
export const JobStatuses = ['RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;
export type TJobStatus = (typeof JobStatuses)[number];
