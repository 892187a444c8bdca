/** `data-testid` for props objects whose type does not list it (e.g. a modal's okButtonProps). */
export function testId(id: string): Record<string, string> {
  return { 'data-testid': id };
}
