/** Query keys of the real-name verification pages. */
export const certificationKeys = {
  all: ['certification'] as const,
  status: ['certification', 'status'] as const,
  face: (token: string) => ['certification', 'face', token] as const,
};
