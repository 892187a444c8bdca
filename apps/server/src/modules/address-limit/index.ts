/**
 * The limits per client address (decision 0012), for the modules whose attempts they limit: the
 * guards and counters of the service, and the counting upsert as a builder fragment for a
 * statement that counts a failure together with its own (sign-in).
 */
export {
  addressCountPlaceholders,
  addressCountValues,
  addressFailureUpsert,
  addressRowOf,
  type TAddressCount,
  type TAddressCountSql,
} from './address-limit.repository';
export {
  addressBlocked,
  addressCountOf,
  addressKeyOf,
  addressStateOf,
  countFailure,
  guardAddress,
  type TAddressCaller,
  type TAddressRow,
  type TAddressScope,
  type TAddressState,
  type TAddressSubject,
  underAddressLimit,
} from './address-limit.service';
export { deleteStaleAddressAttempts } from './address-retention.repository';
