/**
 * SCIM errors (RFC 7644 section 3.12): the status as a string, a `scimType` where the RFC defines
 * one, and a detail for the identity provider's log. SCIM clients are machines that log the detail
 * as it is, so details are English sentences here, not console phrases (decision 0031).
 */
import { ErrorCode } from '@console/contract/codes';
import { AppError } from '../../errors';

export const ScimSchemas = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

export type TScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

export class ScimError extends Error {
  readonly status: number;
  readonly scimType: TScimType | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, detail: string, scimType?: TScimType, headers: Record<string, string> = {}) {
    super(detail);
    this.name = 'ScimError';
    this.status = status;
    this.scimType = scimType;
    this.headers = headers;
  }

  body() {
    return {
      schemas: [ScimSchemas.error],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.message,
    };
  }
}

export const scimError = {
  invalidValue: (detail: string) => new ScimError(400, detail, 'invalidValue'),
  invalidSyntax: (detail: string) => new ScimError(400, detail, 'invalidSyntax'),
  invalidFilter: (detail: string) => new ScimError(400, detail, 'invalidFilter'),
  invalidPath: (detail: string) => new ScimError(400, detail, 'invalidPath'),
  noTarget: (detail: string) => new ScimError(400, detail, 'noTarget'),
  mutability: (detail: string) => new ScimError(400, detail, 'mutability'),
  uniqueness: (detail: string) => new ScimError(409, detail, 'uniqueness'),
  notFound: (what: string, id: string) => new ScimError(404, `${what} ${id} not found`),
  preconditionFailed: () =>
    new ScimError(412, 'The resource has changed: its version does not match If-Match'),
  unauthorized: (detail: string) =>
    new ScimError(401, detail, undefined, { 'www-authenticate': 'Bearer realm="scim"' }),
};

/** The console's rule outcomes that SCIM requests can meet, as SCIM errors. */
export function scimErrorOf(error: unknown): ScimError | null {
  if (error instanceof ScimError) return error;
  if (!(error instanceof AppError)) return null;
  switch (error.code) {
    case ErrorCode.lastAdmin:
      return scimError.mutability(
        'The account must keep at least one enabled administrator: this change would remove the last one (account_admin).',
      );
    case ErrorCode.adminRegularOnly:
      return scimError.invalidValue('Roles are held by regular users that are not deleted.');
    case ErrorCode.userIsDeleted:
      return new ScimError(404, 'The user is deleted');
    case ErrorCode.systemServiceUser:
      return scimError.mutability('System service users come with their instance and are not provisioned.');
    case ErrorCode.forbidden:
      return new ScimError(404, 'Resource not found');
    default:
      return null;
  }
}
