/**
 * What the forms' store keeps, and the two interfaces around it: the Store
 * the forms use, and the Backend (files, or a blob store) it keeps them in.
 */
import type { Estimate } from "../../lib/forms/estimate-payload"
import type { FormKind } from "../../lib/forms/fields"

export interface StoredSubmission {
  id: string
  kind: FormKind
  receivedAt: string
  values: Record<string, string>
  /** The client's network, for abuse handling: its address cut to /24 (IPv4) or /48 (IPv6), never the whole address */
  ip?: string
  /** Where a contact message's lead came from: the call to action (LEAD_SOURCES, or direct) and the page before the form */
  source?: LeadOrigin
  /** The estimate a contact message was sent with from /estimate, as parsed (src/lib/forms/estimate-payload.ts) */
  estimate?: Estimate
  /** The language the form was sent in (src/lib/languages.ts), absent for the default language (and in records written before languages) */
  language?: string
}

export interface LeadOrigin {
  cta: string
  page?: string
}

export interface SaveResult {
  id: string
  /** True when the idempotency key was seen before: nothing new was stored */
  duplicate: boolean
}

export interface SaveMeta {
  idempotencyKey?: string
  ip?: string
  source?: LeadOrigin
  estimate?: Estimate
  /** The language the form was sent in; absent for the default */
  language?: string
  now?: Date
}

/** How far the e-mail for one contact submission has got. */
export interface Delivery {
  attempts: number
  lastAttemptAt?: string
  lastError?: string
  deliveredAt?: string
  messageId?: string
  /**
   * Recorded just before a send: the outcome of that attempt is not known
   * yet. Left without deliveredAt or lastError, it means a process stopped
   * during the send; the message may have gone out and is not sent again.
   */
  sendingSince?: string
}

/** One subscriber address and where its double opt-in stands. */
export interface Subscriber {
  email: string
  /** unsubscribed: the address asked to stop; only a new subscription, confirmed again, sends it anything */
  status: "pending" | "confirmed" | "unsubscribed"
  /** The secret half of the confirmation link */
  secret: string
  firstRequestedAt: string
  lastRequestedAt: string
  confirmedAt?: string
  unsubscribedAt?: string
  /** How many confirmation e-mails were asked for (capped, so the form cannot be used to mail someone again and again) */
  confirmationsRequested: number
  /** A confirmation e-mail is owed and not yet sent */
  mailDue: boolean
  mailAttempts: number
  /**
   * The language of the page the subscription was asked for on, which its
   * e-mails and link pages use; absent for the default language (and in
   * records written before languages)
   */
  language?: string
  /** When the last confirmation e-mail was about to be sent (recorded before sending) */
  lastMailAttemptAt?: string
  lastMailError?: string
  lastMailSentAt?: string
}

/** An idempotency key as stored: its record's key, the submission it names, and when it was claimed */
export interface IdempotencyKey {
  key: string
  id: string
  /** ISO time of the claim; absent in keys written before keys carried it (they hold the id alone) */
  claimedAt?: string
}

/** The forms' store, whichever backend holds it. Every write has landed when its promise resolves; every failure rejects. */
/** Who holds a lock, as its token says: the process, its machine, and when it claimed the lock */
export interface LockHolder {
  host: string
  pid: number
  since: string
}

/** What a caller of withLock may ask for */
export interface LockOptions {
  /** Called once when the lock is found held by a holder that is not gone, before waiting for it (`forget` says so) */
  onWait?: (holder: LockHolder) => void
}

export interface Store {
  /** Where the records are, for the log: a folder, or a Netlify Blobs store */
  location: string
  save(kind: FormKind, values: Record<string, string>, meta?: SaveMeta): Promise<SaveResult>
  /** Every stored submission of a kind, oldest first */
  list(kind: FormKind): Promise<StoredSubmission[]>
  get(kind: FormKind, id: string): Promise<StoredSubmission | undefined>
  delivery(id: string): Promise<Delivery>
  setDelivery(id: string, value: Delivery): Promise<void>
  subscriber(key: string): Promise<Subscriber | undefined>
  setSubscriber(value: Subscriber): Promise<void>
  /** Every subscriber address, first requested first */
  subscribers(): Promise<Subscriber[]>
  /** Saves a submission record as it is (used to rewrite an old record, e.g. to cut its address) */
  rewrite(submission: StoredSubmission): Promise<void>
  /** Every idempotency key of a kind, the submission id it holds and when it was claimed */
  idempotencyKeys(kind: FormKind): Promise<IdempotencyKey[]>
  /** Deletes one record by its key (layout.*); resolves to whether there was one (deleting what is not there is no error) */
  remove(key: string): Promise<boolean>
  /**
   * Runs fn while holding the lock called name, which every process using
   * this store honours (the server's outbox, `npm run forms -- forget`): what
   * sends mail about a record and what erases it never interleave. Waits
   * while a live holder has it (options.onWait hears of it once), and
   * rejects, naming the holder, once the lock times' wait is over.
   */
  lock<T>(name: string, fn: () => Promise<T>, options?: LockOptions): Promise<T>
  /**
   * Reads a subscriber-sized record that names nobody (writing it the first
   * time), beside a lookup of an address, so that a lookup costs the same
   * whether the address has a record or not.
   */
  readDecoy(): Promise<void>
}

/**
 * What a store needs from the place that keeps its records. Keys are paths
 * such as contact/submissions/<id>.json, the same for every backend.
 */
export interface Backend {
  location: string
  /** The value at key, undefined when there is none */
  read<T>(key: string): Promise<T | undefined>
  /** Stores value at key whole, replacing what was there */
  write(key: string, value: unknown): Promise<void>
  /** Every key that starts with prefix */
  keys(prefix: string): Promise<string[]>
  /** Creates key holding value unless it exists, atomically; resolves to what key holds: value, or what an earlier claim put there */
  claim(key: string, value: string): Promise<string>
  /** The text at key, undefined when there is none */
  readText(key: string): Promise<string | undefined>
  /** Deletes key; resolves to whether there was one */
  remove(key: string): Promise<boolean>
}
