/**
 * Verification's public side for other modules: the targets of codes (phone and e-mail as kept),
 * sending and checking codes, the checkTokens that prove a verified code, delivering other
 * messages (links, notices, reminders), and the reset lookup that addresses the codes of a user
 * found by its names (recovery).
 */
export {
  consumeCheckToken,
  emailTarget,
  peekCheckToken,
  phoneTarget,
  sendCode,
  type TCheckedTarget,
  type TCodeTarget,
  verifyCode,
} from './code.service';
export { deliverMessage, type TMessage } from './delivery';
export { decoyLookupOf, resetLookupOf } from './target.service';
