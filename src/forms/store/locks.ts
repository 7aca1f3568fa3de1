/**
 * The store's locks (Store.lock), which every process on one store honours:
 * what sends mail about a record and what erases it never interleave. A lock
 * is a record claimed like an idempotency key, in whichever backend.
 */
import { randomUUID } from "crypto"
import { readFileSync } from "fs"
import os from "os"
import { sha256 } from "./hashing"
import { layout } from "./layout"
import type { Backend, LockHolder, LockOptions } from "./records"

/** The locks (Store.lock) that keep sending and erasing apart: one per contact message, one per subscriber address */
export const locks = {
  contact: (id: string) => `contact:${id}`,
  subscriber: (key: string) => `subscriber:${key}`,
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A lock whose holder cannot be seen (on another host: every Netlify
 * function instance) is taken over this long after it was claimed: twice
 * the outbox's deadline for a send (SEND_DEADLINE_MS in environment.ts,
 * 60 s), which readConfig keeps it at least.
 */
export const LOCK_STALE_MS = 120_000
/** How long a waiter waits before it gives up: past a stale lock's takeover */
export const LOCK_WAIT_MS = LOCK_STALE_MS + 30_000

/**
 * The store's lock times. Production uses LOCK_STALE_MS and LOCK_WAIT_MS;
 * tests pass shorter ones (createStore's and createBlobStore's lockTimes, or
 * FORMS_LOCK_STALE_MS and FORMS_LOCK_WAIT_MS for separate processes:
 * readConfig) to watch a takeover in seconds.
 */
export interface LockTimes {
  /** A lock is taken over this long after its claim, when its holder cannot be seen to be gone sooner */
  staleMs: number
  /** A caller gives up waiting for a lock after this long */
  waitMs: number
}
export const LOCK_TIMES: LockTimes = { staleMs: LOCK_STALE_MS, waitMs: LOCK_WAIT_MS }

/** The tokens of the locks this process holds now */
const heldHere = new Set<string>()
/** Per lock, the turn of the last caller in this process: callers here take the lock one after another */
const turns = new Map<string, Promise<unknown>>()

/**
 * A process's state and start (clock ticks after boot: the 3rd and 22nd
 * fields of Linux's /proc/<pid>/stat); undefined where there is no /proc or
 * no such process.
 */
function processStat(pid: number | "self"): { state: string; started: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    // the name (2nd field) is in parentheses and may hold spaces
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    return { state: fields[0] ?? "", started: fields[19] ?? "" }
  } catch {
    return undefined
  }
}

/** This process's start, written in every token it claims with: "-" where it cannot be read */
const STARTED_HERE = processStat("self")?.started || "-"

/** A token: "<uuid> <claimed at> <host> <pid> <the process's start>", stamped as it is made */
const newToken = () => `${randomUUID()} ${new Date().toISOString()} ${os.hostname()} ${process.pid} ${STARTED_HERE}`

/** What a token says of its holder */
function lockHolder(token: string): LockHolder {
  const [, since = "", host = "", pid = ""] = token.trim().split(" ")
  return { host, pid: Number(pid), since }
}

/**
 * Whether a holder on this machine is alive, gone, or cannot be told: its
 * pid is alive and no start time says whether it is still the holder (no
 * /proc, or a token written before tokens carried one). A pid alive under
 * another start time is another program's now: the holder is gone. A
 * process that has ended but that its parent has not reaped yet (a server
 * killed with its group, whose new parent is slow to reap) still answers
 * kill(pid, 0); /proc says it is a zombie.
 */
function seenHere(holder: string, pid: number, started: string | undefined): "alive" | "gone" | "unknown" {
  if (pid === process.pid) return heldHere.has(holder) ? "alive" : "gone"
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: alive under another user
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return "gone"
  }
  const stat = processStat(pid)
  if (!stat) return "unknown"
  if (stat.state === "Z" || stat.state === "X") return "gone"
  if (!started || started === "-") return "unknown"
  return stat.started === started ? "alive" : "gone"
}

/**
 * A lock's holder is gone: it was a process on this machine that has ended
 * (a crash), or this process, which no longer holds it (a release the disk
 * refused, when it turned read-only); or it cannot be seen and staleMs have
 * passed since its claim. A holder alive on this machine is never taken
 * over, however long it holds the lock: a slow send is no dead one (issue
 * 48: forget took a send's lock at the stale limit, and the send's outcome
 * came back after the erasure), and a send ends at its deadline. A holder
 * on another host (every Netlify function instance), or under a pid whose
 * start cannot be read, is taken over by age: its token's time is when its
 * claim was made (claimLock()), never earlier. The age is read against the
 * holder's clock, which hosts keep in step (NTP). Counting it from when a
 * waiter first saw the token instead would keep a crashed holder's lock from
 * every function instance, none of which lives long enough to wait out the
 * limit.
 */
function abandoned(holder: string, staleMs: number): boolean {
  const [, since = "", host, pid, started] = holder.trim().split(" ")
  const age = Date.now() - Date.parse(since)
  if (Number.isNaN(age)) return true
  if (host === os.hostname() && pid) {
    const seen = seenHere(holder, Number(pid), started)
    if (seen !== "unknown") return seen === "gone"
  }
  return age > staleMs
}

/**
 * Claimed like an idempotency key (an atomic create of the lock's record,
 * holding a token and the time), waited for while another holds it, taken
 * over when its holder is gone (abandoned()) and only while it still holds
 * that holder's token, and removed after fn only while it is still this
 * holder's.
 */
export function withLock<T>(backend: Backend, lockTimes: LockTimes, name: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  // Callers in this process queue here first, so none of them can read a
  // token another has just claimed or released and take it for abandoned.
  const turn = `${backend.location}\n${name}`
  const previous = turns.get(turn) ?? Promise.resolve()
  const mine = previous.then(
    () => held(backend, lockTimes, name, fn, options),
    () => held(backend, lockTimes, name, fn, options),
  )
  const settled = mine.then(
    () => undefined,
    () => undefined,
  )
  turns.set(turn, settled)
  void settled.then(() => {
    if (turns.get(turn) === settled) turns.delete(turn)
  })
  return mine
}

/**
 * Removes a lock whose holder is gone, so that it can be claimed again.
 * Another process may have read the same holder and taken the lock over
 * already, and a new holder may have claimed it since: so the removal is
 * done only by the one that claims a marker named after that holder, and
 * only while the lock still holds it (no one else removes a lock holding
 * that token then). A taker that died with the marker leaves it abandoned:
 * it is removed and the takeover tried again.
 */
async function takeOver(backend: Backend, lockTimes: LockTimes, key: string, holder: string, token: string): Promise<void> {
  const marker = `${key}.takeover-${sha256(holder).slice(0, 24)}`
  const taker = await backend.claim(marker, token)
  if (taker !== token) {
    if (abandoned(taker, lockTimes.staleMs)) await backend.remove(marker)
    return
  }
  try {
    if ((await backend.readText(key))?.trim() === holder) await backend.remove(key)
  } finally {
    await backend.remove(marker)
  }
}

/**
 * Claims the lock at key, waiting while another holds it; resolves to the
 * token this caller holds it with (in heldHere until it is released).
 */
async function claimLock(backend: Backend, lockTimes: LockTimes, key: string, name: string, { onWait }: LockOptions): Promise<string> {
  const giveUpAt = Date.now() + lockTimes.waitMs
  let waitingFor: string | undefined
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    // A new token for every attempt, stamped as it is made: the lock's age
    // counts from the claim that wins it. A token stamped when the waiting
    // began would come in already old, and be taken over that much sooner.
    const token = newToken()
    // Known as held here before the claim can be seen (abandoned())
    heldHere.add(token)
    try {
      const holder = await backend.claim(key, token)
      if (holder === token) return token
      if (abandoned(holder, lockTimes.staleMs)) await takeOver(backend, lockTimes, key, holder, token)
      else {
        if (waitingFor === undefined) onWait?.(lockHolder(holder))
        waitingFor = holder
      }
    } catch (error) {
      heldHere.delete(token)
      throw error
    }
    heldHere.delete(token)
    if (Date.now() > giveUpAt) {
      const holder = waitingFor === undefined ? undefined : lockHolder(waitingFor)
      const by = holder ? ` (held by process ${holder.pid} on ${holder.host} since ${holder.since})` : ""
      throw new Error(`the store's lock on ${name} stayed taken for ${lockTimes.waitMs / 1000} s${by}`)
    }
    await sleep(wait)
  }
}

/** Runs fn holding the lock called name, and releases it after, whatever fn's outcome */
async function held<T>(backend: Backend, lockTimes: LockTimes, name: string, fn: () => Promise<T>, options: LockOptions): Promise<T> {
  const key = layout.lock(name)
  const token = await claimLock(backend, lockTimes, key, name, options)
  try {
    return await fn()
  } finally {
    // a release the store refuses (a disk turned read-only) leaves a lock
    // that abandoned() recognises; it must not hide fn's own outcome
    await backend
      .readText(key)
      .then((held) => (held?.trim() === token ? backend.remove(key) : false))
      .catch(() => undefined)
    heldHere.delete(token)
  }
}
