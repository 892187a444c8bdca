/**
 * A test peer of the AWS Marketplace Metering Service's `ResolveCustomer`, as its API reference
 * documents it: `POST /` with `X-Amz-Target: AWSMPMeteringService.ResolveCustomer`, content type
 * `application/x-amz-json-1.1`, body `{"RegistrationToken": "…"}`, signed with SigV4 under the
 * signing name `aws-marketplace`. EVERY request's signature is recomputed by this folder's
 * sigv4.ts (never the SDK's signer); a refused signature or unknown key is answered as AWS's JSON
 * protocols do (HTTP 400/403 with `__type`). Known tokens answer `CustomerIdentifier` (when the
 * customer has one), `CustomerAWSAccountId`, `ProductCode` and `LicenseArn` (when it has one);
 * errors come as AWS JSON 1.1 errors: `{"__type":"InvalidTokenException","message":…}`.
 */
import { randomBytes } from 'node:crypto';
import { startHttpPeer, type THttpPeer, type TPeerRequest } from './http-peer';
import { type TSigV4Failure, verifySigV4 } from './sigv4';

export type TAwsMarketplaceCustomer = {
  CustomerAWSAccountId: string;
  ProductCode: string;
  CustomerIdentifier?: string;
  LicenseArn?: string;
};

/** A token's fate: a customer, or one of ResolveCustomer's documented errors. */
export type TAwsTokenOutcome =
  | TAwsMarketplaceCustomer
  | 'ExpiredTokenException'
  | 'ThrottlingException'
  | 'InternalServiceErrorException'
  | 'DisabledApiException';

export type TAwsMarketplacePeer = THttpPeer & {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The settings a console needs to reach this peer. */
  env: Record<string, string>;
  /** A new registration token (as AWS posts it with the buyer, or `token`) that resolves to `outcome`. */
  issue(outcome: TAwsTokenOutcome, token?: string): string;
  /** Requests refused for their signature (or key, date, target, content type), with why. */
  refused: TSigV4Failure[];
  /** Tokens asked for, in order, of the requests that passed the signature check. */
  resolved: string[];
};

const errorStatus: Record<Exclude<TAwsTokenOutcome, TAwsMarketplaceCustomer>, number> = {
  ExpiredTokenException: 400,
  ThrottlingException: 400,
  DisabledApiException: 400,
  InternalServiceErrorException: 500,
};

const errorMessage: Record<string, string> = {
  InvalidTokenException: 'Registration token is invalid',
  ExpiredTokenException: 'Registration token has expired',
  ThrottlingException: 'Rate exceeded',
  DisabledApiException: 'The API is disabled in the Region',
  InternalServiceErrorException: 'An internal error has occurred. Retry your request.',
};

function awsJsonError(status: number, type: string, message: string) {
  return {
    status,
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amzn-requestid': randomBytes(16).toString('hex'),
    },
    body: JSON.stringify({ __type: type, message }),
  };
}

/** How AWS's JSON protocols name a refused signature (S3's XML names differ). */
function signatureErrorType(failure: TSigV4Failure): { status: number; type: string } {
  switch (failure.code) {
    case 'UnrecognizedClientException':
      return { status: 400, type: 'UnrecognizedClientException' };
    case 'MissingAuthenticationToken':
      return { status: 403, type: 'MissingAuthenticationTokenException' };
    case 'IncompleteSignatureException':
      return { status: 400, type: 'IncompleteSignatureException' };
    case 'RequestTimeTooSkewed':
      return { status: 400, type: 'InvalidSignatureException' };
    default:
      return { status: 400, type: 'InvalidSignatureException' };
  }
}

export async function startAwsMarketplacePeer(
  options: { region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<TAwsMarketplacePeer> {
  const region = options.region ?? 'us-east-1';
  const accessKeyId = options.accessKeyId ?? 'AKIAMARKETPLACETEST1';
  const secretAccessKey = options.secretAccessKey ?? `mkt-${randomBytes(18).toString('base64url')}`;
  const tokens = new Map<string, TAwsTokenOutcome>();
  const refused: TSigV4Failure[] = [];
  const resolved: string[] = [];

  const answer = (request: TPeerRequest) => {
    const failure = verifySigV4(
      request,
      { [accessKeyId]: secretAccessKey },
      { service: 'aws-marketplace', region },
    );
    if (failure) {
      refused.push(failure);
      const { status, type } = signatureErrorType(failure);
      return awsJsonError(status, type, failure.message);
    }
    const target = request.headers['x-amz-target'];
    const contentType = String(request.headers['content-type'] ?? '');
    if (
      request.method !== 'POST' ||
      request.url !== '/' ||
      !contentType.startsWith('application/x-amz-json-1.1')
    ) {
      refused.push({
        code: 'UnknownOperationException',
        message: `${request.method} ${request.url} ${contentType}`,
      });
      return awsJsonError(400, 'UnknownOperationException', 'The requested operation is not supported.');
    }
    if (target !== 'AWSMPMeteringService.ResolveCustomer') {
      refused.push({ code: 'UnknownOperationException', message: String(target) });
      return awsJsonError(400, 'UnknownOperationException', 'The requested operation is not supported.');
    }
    let token: unknown;
    try {
      token = (JSON.parse(request.body.toString('utf8')) as { RegistrationToken?: unknown })
        .RegistrationToken;
    } catch {
      return awsJsonError(
        400,
        'SerializationException',
        'Start of structure or map found where not expected.',
      );
    }
    if (typeof token !== 'string' || token.length === 0)
      return awsJsonError(400, 'ValidationException', '1 validation error detected: RegistrationToken');
    resolved.push(token);
    const outcome = tokens.get(token);
    if (outcome === undefined)
      return awsJsonError(400, 'InvalidTokenException', errorMessage.InvalidTokenException ?? '');
    if (typeof outcome === 'string')
      return awsJsonError(errorStatus[outcome], outcome, errorMessage[outcome] ?? outcome);
    return {
      status: 200,
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amzn-requestid': randomBytes(16).toString('hex'),
      },
      body: JSON.stringify(outcome),
    };
  };

  const peer = await startHttpPeer(answer);
  return {
    ...peer,
    region,
    accessKeyId,
    secretAccessKey,
    env: {
      MARKETPLACE_PROVIDER: 'aws',
      AWS_REGION: region,
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
      AWS_MARKETPLACE_ENDPOINT: peer.url,
    },
    issue(outcome, token = randomBytes(96).toString('base64')) {
      // AWS's tokens are long opaque base64 texts; the peer's look alike.
      tokens.set(token, outcome);
      return token;
    },
    refused,
    resolved,
  };
}
