/**
 * How an audit entry reads in the console and its export: the operation and the object type by
 * their names in the page language (the codes stay in the entry's details), and every entry of the
 * system under one name. Pure over the phrase maps, so that it is unit-tested in both languages.
 */
import { AuditObjectTypes, isSystemActor, platformOperatorRoleOf } from '@console/contract/audit-rules';

/** Phrase maps of one language: operation names by code, object type names by code. */
export type TAuditNames = {
  actions: Record<string, string>;
  objectTypes: Record<string, string>;
  system: string;
  platformOperator: string;
  operatorRoles: Record<string, string>;
};

/** The phrase of `key`, own keys only (a code like "toString" is no phrase), else the key itself. */
function nameOf(map: Record<string, string>, key: string): string {
  return (Object.hasOwn(map, key) ? map[key] : undefined) ?? key;
}

/** The operation's name; a code the console does not know (an older entry's) as it is. */
export function actionName(names: Pick<TAuditNames, 'actions'>, code: string): string {
  return nameOf(names.actions, code);
}

/** The object type's name; an unknown type as it is. */
export function objectTypeName(names: Pick<TAuditNames, 'objectTypes'>, type: string): string {
  return nameOf(names.objectTypes, type);
}

/**
 * The object type filter's choices: every type the server writes (the contract's list, which a
 * test holds to the server's writers), each by its name, in the order of the names in the page's
 * language, so that a reader finds "Top-up order" where the alphabet puts it.
 */
export function objectTypeChoices(
  names: Pick<TAuditNames, 'objectTypes'>,
  lang: string,
): { value: string; label: string }[] {
  const collator = new Intl.Collator(lang);
  return AuditObjectTypes.map((type) => ({ value: type, label: objectTypeName(names, type) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}

/**
 * Who did it: "Platform operator (role)" for an act of the platform's back office, the system's
 * one name, the username, or "-" for a sign-in attempt with no name.
 */
export function actorName(
  names: Pick<TAuditNames, 'system' | 'platformOperator' | 'operatorRoles'>,
  entry: { userId: number | null; username: string | null; objectType: string; info?: unknown },
): string {
  const role = platformOperatorRoleOf(entry);
  if (role !== null) return names.platformOperator.replace('{{role}}', nameOf(names.operatorRoles, role));
  if (isSystemActor(entry)) return names.system;
  return entry.username?.trim() || '-';
}

/** The object as a reader names it: its name, else its id, else nothing (the type says enough). */
export function objectName(entry: { objectName: string | null; objectId: string | null }): string {
  return entry.objectName?.trim() || entry.objectId?.trim() || '';
}
