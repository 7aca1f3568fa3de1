/**
 * Where each record lives: the same keys in every backend (paths under the
 * data folder, keys in a blob store), and what a key's text holds.
 */
import type { FormKind } from "../../lib/forms/fields"
import { sha256 } from "./hashing"
import type { IdempotencyKey } from "./records"

/** A submission's id, and a subscriber's key (a sha256), as the store names records by them */
export const ID = /^[0-9a-f-]{36}$/
export const KEY = /^[0-9a-f]{64}$/

/** Where each record lives, in every backend: folders on disk, key prefixes in a blob store. */
export const layout = {
  submissions: (kind: FormKind) => `${kind}/submissions/`,
  submission: (kind: FormKind, id: string) => `${layout.submissions(kind)}${id}.json`,
  idempotencyKeys: (kind: FormKind) => `${kind}/keys/`,
  idempotencyKey: (kind: FormKind, key: string) => `${layout.idempotencyKeys(kind)}${sha256(key)}`,
  delivery: (id: string) => `contact/delivery/${id}.json`,
  lock: (name: string) => `locks/${sha256(name)}`,
  decoy: "checks/decoy-subscriber.json",
  subscribers: "subscribe/addresses/",
  subscriber: (key: string) => `${layout.subscribers}${key}.json`,
}

/** The ending of the store's temporary files: never a record, only ever a write in progress. */
export const TEMPORARY = ".tmp"

/** What a key file holds: "<id> <claimed at>", or the id alone (the older form) */
export function readKeyHolder(text: string): Omit<IdempotencyKey, "key"> {
  const [id = "", claimedAt] = text.trim().split(/\s+/)
  return claimedAt && !Number.isNaN(Date.parse(claimedAt)) ? { id, claimedAt } : { id }
}
