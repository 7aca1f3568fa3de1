/**
 * What the forms keep about people, and for how long: the retention rules
 * (purge), and a person's rights over what is kept about their address
 * (export, forget). Framework-free like the rest of src/forms, over either
 * store backend.
 */
import type { Retention } from "./environment"
import {
  layout,
  locks,
  networkOf,
  normalAddress,
  subscriberKey,
  type Delivery,
  type LockOptions,
  type Store,
  type StoredSubmission,
  type Subscriber,
} from "./store"

const DAY_MS = 86_400_000
const olderThan = (iso: string | undefined, days: number, now: Date) => iso !== undefined && now.getTime() - Date.parse(iso) > days * DAY_MS

export interface PurgeReport {
  contactMessages: number
  deliveryRecords: number
  subscribeRequests: number
  unconfirmedSubscriptions: number
  idempotencyKeys: number
  /** Records whose client address was stored whole, before addresses were cut to their network */
  addressesCut: number
}

/**
 * Applies the retention rules at `now`: deletes what is past its time and
 * cuts any whole client address still on record to its network. A contact
 * message that has not been e-mailed yet is kept, whatever its age: it is a
 * lead still owed to the company.
 */
export async function purge(store: Store, retention: Retention, now = new Date()): Promise<PurgeReport> {
  const report: PurgeReport = { contactMessages: 0, deliveryRecords: 0, subscribeRequests: 0, unconfirmedSubscriptions: 0, idempotencyKeys: 0, addressesCut: 0 }

  for (const submission of await store.list("contact")) {
    const delivery = await store.delivery(submission.id)
    // delivered, or sent in a send whose outcome a stop left unknown (it counts as sent)
    const doneAt = delivery.deliveredAt ?? delivery.sendingSince
    if (olderThan(doneAt, retention.contactDays, now)) {
      if (await store.remove(layout.delivery(submission.id))) report.deliveryRecords += 1
      if (await store.remove(layout.submission("contact", submission.id))) report.contactMessages += 1
    } else await cutAddress(store, submission, report)
  }
  for (const submission of await store.list("subscribe")) {
    // the request itself; the address's record (below) says where the subscription stands
    if (olderThan(submission.receivedAt, retention.unconfirmedDays, now)) {
      if (await store.remove(layout.submission("subscribe", submission.id))) report.subscribeRequests += 1
    } else await cutAddress(store, submission, report)
  }
  // pending since, or unsubscribed since: past unconfirmedDays, the address goes
  const expired = (subscriber: Subscriber | undefined) =>
    subscriber !== undefined &&
    olderThan(
      subscriber.status === "pending" ? subscriber.lastRequestedAt : subscriber.status === "unsubscribed" ? subscriber.unsubscribedAt : undefined,
      retention.unconfirmedDays,
      now,
    )
  for (const subscriber of await store.subscribers()) {
    if (!expired(subscriber)) continue
    // judged again under the lock: the address may have subscribed again since the list was read
    const key = subscriberKey(subscriber.email)
    if (await store.lock(locks.subscriber(key), async () => expired(await store.subscriber(key)) && store.remove(layout.subscriber(key))))
      report.unconfirmedSubscriptions += 1
  }
  for (const kind of ["contact", "subscribe"] as const) {
    for (const { key, id, claimedAt } of await store.idempotencyKeys(kind)) {
      // A key matters while its client may still retry: keyDays from its own
      // claim, whatever arrived or was removed meanwhile. (Judged by the
      // submissions read above, the keys of posts made during this run had no
      // submission yet, and went.) A key of the older form carries no time:
      // its submission's, read now; without a submission it names nothing.
      const claimed = claimedAt ?? (await store.get(kind, id))?.receivedAt
      if (claimed === undefined || olderThan(claimed, retention.keyDays, now)) {
        if (await store.remove(key)) report.idempotencyKeys += 1
      }
    }
  }
  return report
}

async function cutAddress(store: Store, submission: StoredSubmission, report: PurgeReport): Promise<StoredSubmission> {
  if (submission.ip === undefined || submission.ip === networkOf(submission.ip)) return submission
  const network = networkOf(submission.ip)
  const { ip: _whole, ...rest } = submission
  const cut: StoredSubmission = network ? { ...rest, ip: network } : rest
  await store.rewrite(cut)
  report.addressesCut += 1
  return cut
}

const sameAddress = (a: string | undefined, b: string) => normalAddress(a ?? "") === normalAddress(b)

/** Everything the store holds about one e-mail address. */
export interface AddressRecords {
  address: string
  contactMessages: { message: StoredSubmission; delivery: Delivery }[]
  subscribeRequests: StoredSubmission[]
  /** The address's subscription, without the secret its links are made from */
  subscription?: Omit<Subscriber, "secret">
}

/** Every record about an address: its contact messages with their delivery records, its subscribe requests and its subscription. */
export async function exportAddress(store: Store, address: string): Promise<AddressRecords> {
  const contactMessages = await Promise.all(
    (await store.list("contact"))
      .filter((submission) => sameAddress(submission.values.email, address))
      .map(async (message) => ({ message, delivery: await store.delivery(message.id) })),
  )
  const subscribeRequests = (await store.list("subscribe")).filter((submission) => sameAddress(submission.values.email, address))
  const subscriber = await store.subscriber(subscriberKey(address))
  const subscription = subscriber ? (({ secret: _secret, ...rest }) => rest)(subscriber) : undefined
  return { address, contactMessages, subscribeRequests, ...(subscription ? { subscription } : {}) }
}

/**
 * Erases everything about an address: its contact messages and their
 * delivery records, its subscribe requests, the idempotency keys of all of
 * them, and its subscription. It holds the store's lock on each message and
 * on the subscription, which the outbox holds while it sends, before it
 * erases anything: a send in progress ends first (at its deadline at the
 * latest), and a send due later finds nothing. A lock that stays taken past
 * the lock times' wait (a holder that is stuck) erases nothing and rejects,
 * naming the holder. Returns the keys of the records it deleted, only those
 * that were there. options.onWait hears of each wait for a holder.
 */
export async function forgetAddress(store: Store, address: string, options: LockOptions = {}): Promise<string[]> {
  const records = await exportAddress(store, address)
  const key = subscriberKey(address)
  const removed: string[] = []
  const remove = async (record: string) => {
    if (await store.remove(record)) removed.push(record)
  }
  const ids = new Set([...records.contactMessages.map(({ message }) => message.id), ...records.subscribeRequests.map((request) => request.id)])
  const erase = async () => {
    for (const kind of ["contact", "subscribe"] as const) {
      for (const { key: record, id } of await store.idempotencyKeys(kind)) if (ids.has(id)) await remove(record)
    }
    for (const { message } of records.contactMessages) {
      await remove(layout.submission("contact", message.id))
      await remove(layout.delivery(message.id))
    }
    for (const request of records.subscribeRequests) await remove(layout.submission("subscribe", request.id))
    // whether or not the export saw one: a subscription may have been written since
    await remove(layout.subscriber(key))
  }
  // Every lock, in one order (two erasures never wait for each other), and
  // only then the erasure: a lock that cannot be had leaves all as it was.
  const names = [...records.contactMessages.map(({ message }) => locks.contact(message.id)), locks.subscriber(key)].sort()
  const holdingAll = names.reduceRight<() => Promise<void>>((inner, name) => () => store.lock(name, inner, options), erase)
  try {
    await holdingAll()
  } catch (error) {
    const why = (error as Error).message
    throw new Error(
      removed.length === 0
        ? `Nothing about ${address} was erased: ${why}.`
        : `Erasing ${address} stopped after ${removed.length} record${removed.length === 1 ? "" : "s"} (${removed.join(", ")}): ${why}.`,
      { cause: error },
    )
  }
  return removed
}
