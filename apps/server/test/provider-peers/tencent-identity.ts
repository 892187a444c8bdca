/**
 * Real-name verification's Tencent Cloud peer: one TC3-checking peer (tencent-cloud.ts) answering
 * FaceID (tencent-faceid.ts, with its H5 page) and OCR (tencent-ocr.ts); its URL serves as both
 * TENCENT_FACEID_ENDPOINT and TENCENT_OCR_ENDPOINT. `env` is what the console needs to use it.
 */
import { startTencentCloudPeer, type TTencentCloudPeer } from './tencent-cloud';
import { faceIdPeer, type TFaceIdPeerParts } from './tencent-faceid';
import { ocrPeer, type TOcrPeerParts, type TRegisteredEnterprise } from './tencent-ocr';

export type TTencentIdentityPeer = TTencentCloudPeer & {
  faceid: TFaceIdPeerParts;
  ocr: TOcrPeerParts;
  env: Record<string, string>;
};

export const tencentIdentityCredentials = {
  secretId: 'AKIDidentityPeer0123456789',
  secretKey: 'identity-peer-secret-key-0123456789',
  ruleId: '1',
};

/** `credentials`: the CAM key the peer accepts (the one Tencent SMS's peer accepts too, when both run). */
export async function startTencentIdentityPeer(
  enterprises: TRegisteredEnterprise[] = [],
  credentials: typeof tencentIdentityCredentials = tencentIdentityCredentials,
): Promise<TTencentIdentityPeer> {
  const { secretId, secretKey, ruleId } = credentials;
  const faceid = faceIdPeer(ruleId);
  const ocr = ocrPeer(enterprises);
  const peer = await startTencentCloudPeer({
    secrets: { [secretId]: secretKey },
    handlers: { ...faceid.handlers, ...ocr.handlers },
    pages: faceid.pages,
  });
  return Object.assign(peer, {
    faceid,
    ocr,
    env: {
      IDENTITY_PROVIDER: 'tencent',
      TENCENTCLOUD_SECRET_ID: secretId,
      TENCENTCLOUD_SECRET_KEY: secretKey,
      TENCENT_FACEID_RULE_ID: ruleId,
      TENCENT_FACEID_ENDPOINT: peer.url,
      TENCENT_OCR_ENDPOINT: peer.url,
    },
  });
}
