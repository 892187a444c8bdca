/**
 * Job titles offered by the edit-user dialog (spec section 3); `Customization` lets one type a
 * title. A module of its own, free of schemas, so that only the pages that offer them carry them.
 */
export const JobTitles = [
  'R&D Engineer',
  'Frontend Engineer',
  'Backend Engineer',
  'Test Engineer',
  'Operation and Maintenance Engineer',
  'Product Manager',
  'Business operation',
] as const;
export type TJobTitle = (typeof JobTitles)[number];
export const CustomJobTitle = 'Customization';
