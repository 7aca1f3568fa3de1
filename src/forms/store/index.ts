/**
 * The forms' store: what it keeps (records.ts), where (layout.ts), its locks
 * (locks.ts), its rules over any backend (store-on.ts), and the file backend
 * (file-backend.ts). The Netlify Blobs backend is a host's
 * (src/forms-hosts/netlify-blobs-store.ts). The rest of the forms import it
 * from here.
 */
export { createStore, sweepTemporaryFiles } from "./file-backend"
export { normalAddress, subscriberKey, unsubscribeToken } from "./hashing"
export { layout } from "./layout"
export { LOCK_STALE_MS, LOCK_TIMES, LOCK_WAIT_MS, locks, type LockTimes } from "./locks"
export { networkOf } from "./network"
export type {
  Backend,
  Delivery,
  IdempotencyKey,
  LeadOrigin,
  LockHolder,
  LockOptions,
  SaveMeta,
  SaveResult,
  Store,
  StoredSubmission,
  Subscriber,
} from "./records"
export { storeOn } from "./store-on"
