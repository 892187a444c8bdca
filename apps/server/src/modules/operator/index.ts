/**
 * The operators module's public side for the back office's other modules: who the signed-in
 * operator is, and the trail of their acts (the installation's chain, and an account's own).
 */
export { createOperator } from './operator.service';
export { deleteEndedOperatorChallenges } from './operator-passkey.repository';
export {
  actorOf,
  auditOperatorAccountAct,
  auditOperatorAct,
  type TOpsActor,
} from './operator-session.service';
