/**
 * The store's rules (ids, idempotency, order, the decoy), written once over
 * any backend: each operation a function of the backend, and storeOn, which
 * hands a backend's operations out as a Store.
 */
import { randomUUID } from "crypto"
import type { FormKind } from "../../lib/forms/fields"
import { subscriberKey } from "./hashing"
import { ID, KEY, layout, readKeyHolder, TEMPORARY } from "./layout"
import { LOCK_TIMES, sleep, withLock, type LockTimes } from "./locks"
import { networkOf } from "./network"
import type { Backend, Delivery, IdempotencyKey, SaveMeta, SaveResult, Store, StoredSubmission, Subscriber } from "./records"

/** Every JSON record under a prefix; a record that went away while listing is skipped. */
async function readAll<T>(backend: Backend, prefix: string): Promise<T[]> {
  const keys = (await backend.keys(prefix)).filter((key) => key.endsWith(".json"))
  const records: (T | undefined)[] = await Promise.all(keys.map((key) => backend.read<T>(key)))
  return records.filter((record): record is T => record !== undefined)
}

/** Saves a submission under a new id, or, for an idempotency key seen before, answers with the first save's id */
async function save(backend: Backend, kind: FormKind, values: Record<string, string>, meta: SaveMeta = {}): Promise<SaveResult> {
  let id: string = randomUUID()
  const now = meta.now ?? new Date()
  if (meta.idempotencyKey) {
    // the key holds its own creation time: it lives its whole window from then (privacy.ts)
    const holder = readKeyHolder(await backend.claim(layout.idempotencyKey(kind, meta.idempotencyKey), `${id} ${now.toISOString()}`)).id
    if (holder !== id) {
      if (!ID.test(holder)) throw new Error(`the idempotency key ${layout.idempotencyKey(kind, meta.idempotencyKey)} holds "${holder.slice(0, 40)}", not an id`)
      // Seen before: answer with the first id. The first save may still be
      // writing its record (a concurrent repeat): wait for it a moment. Only
      // if it never appears did that save die between claiming the key and
      // writing; then finish its write here.
      id = holder
      for (let attempt = 0; attempt < 100; attempt += 1) {
        if (await backend.read<StoredSubmission>(layout.submission(kind, id))) return { id, duplicate: true }
        await sleep(20)
      }
    }
  }
  const network = meta.ip ? networkOf(meta.ip) : undefined
  const record: StoredSubmission = {
    id,
    kind,
    receivedAt: now.toISOString(),
    values,
    ...(network ? { ip: network } : {}),
    ...(meta.source ? { source: meta.source } : {}),
    ...(meta.estimate ? { estimate: meta.estimate } : {}),
    ...(meta.language ? { language: meta.language } : {}),
  }
  await backend.write(layout.submission(kind, id), record)
  return { id, duplicate: false }
}

async function list(backend: Backend, kind: FormKind): Promise<StoredSubmission[]> {
  const records = await readAll<StoredSubmission>(backend, layout.submissions(kind))
  return records.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt) || a.id.localeCompare(b.id))
}

async function get(backend: Backend, kind: FormKind, id: string): Promise<StoredSubmission | undefined> {
  return ID.test(id) ? backend.read<StoredSubmission>(layout.submission(kind, id)) : undefined
}

async function delivery(backend: Backend, id: string): Promise<Delivery> {
  return (await backend.read<Delivery>(layout.delivery(id))) ?? { attempts: 0 }
}

async function setDelivery(backend: Backend, id: string, value: Delivery): Promise<void> {
  await backend.write(layout.delivery(id), value)
}

async function subscriber(backend: Backend, key: string): Promise<Subscriber | undefined> {
  return KEY.test(key) ? backend.read<Subscriber>(layout.subscriber(key)) : undefined
}

async function setSubscriber(backend: Backend, value: Subscriber): Promise<void> {
  await backend.write(layout.subscriber(subscriberKey(value.email)), value)
}

async function subscribers(backend: Backend): Promise<Subscriber[]> {
  const records = await readAll<Subscriber>(backend, layout.subscribers)
  return records.sort((a, b) => a.firstRequestedAt.localeCompare(b.firstRequestedAt))
}

async function rewrite(backend: Backend, submission: StoredSubmission): Promise<void> {
  await backend.write(layout.submission(submission.kind, submission.id), submission)
}

async function idempotencyKeys(backend: Backend, kind: FormKind): Promise<IdempotencyKey[]> {
  const keys = (await backend.keys(layout.idempotencyKeys(kind))).filter((key) => !key.endsWith(TEMPORARY))
  const held = await Promise.all(keys.map(async (key) => ({ key, ...readKeyHolder((await backend.readText(key)) ?? "") })))
  return held
}

/** A subscriber-sized record that names nobody (Store.readDecoy) */
const DECOY: Subscriber = {
  email: "nobody@example.invalid",
  status: "pending",
  secret: "0".repeat(43),
  firstRequestedAt: new Date(0).toISOString(),
  lastRequestedAt: new Date(0).toISOString(),
  confirmationsRequested: 1,
  mailDue: false,
  mailAttempts: 1,
  lastMailAttemptAt: new Date(0).toISOString(),
  lastMailSentAt: new Date(0).toISOString(),
}
async function readDecoy(backend: Backend): Promise<void> {
  if ((await backend.read<Subscriber>(layout.decoy)) === undefined) await backend.write(layout.decoy, DECOY)
}

/** The store's rules over one backend, with the lock times given (LOCK_TIMES unless a test shortens them). */
export function storeOn(backend: Backend, lockTimes: LockTimes = LOCK_TIMES): Store {
  return {
    location: backend.location,
    lock: (name, fn, options) => withLock(backend, lockTimes, name, fn, options),
    readDecoy: () => readDecoy(backend),
    save: (kind, values, meta) => save(backend, kind, values, meta),
    list: (kind) => list(backend, kind),
    get: (kind, id) => get(backend, kind, id),
    delivery: (id) => delivery(backend, id),
    setDelivery: (id, value) => setDelivery(backend, id, value),
    subscriber: (key) => subscriber(backend, key),
    setSubscriber: (value) => setSubscriber(backend, value),
    subscribers: () => subscribers(backend),
    rewrite: (submission) => rewrite(backend, submission),
    idempotencyKeys: (kind) => idempotencyKeys(backend, kind),
    remove: (key) => backend.remove(key),
  }
}
