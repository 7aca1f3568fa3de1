/**
 * @jest-environment node
 */
/**
 * The store's lock between processes (the outbox of a server or a function
 * instance, `npm run forms -- forget`): real processes on one data folder or
 * one Blobs store, each recording when it entered and left the lock. A lock
 * is taken over when its holder is gone, or once the stale limit has passed
 * since its claim, never sooner: so no two are ever inside together. The
 * stale limit is cut from 120 s to a few seconds (lockTimes) to see it pass.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "child_process"
import { randomUUID } from "crypto"
import fs from "fs"
import os from "os"
import path from "path"
import { layout, type LockTimes } from "../../src/forms/store"
import type { BlobStoreOptions } from "../../src/forms-hosts/netlify-blobs-store"
import { startBlobsServer, type LocalBlobs } from "../support/blobs-server"
import type { HolderOutcome, HolderSpec } from "../support/lock-holder"

const ROOT = path.resolve(__dirname, "../..")
const HOLDER = path.join(ROOT, "__tests__/support/lock-holder.ts")

const lockTimes: LockTimes = { staleMs: 3_000, waitMs: 20_000 }
/** Long enough for tsx to compile the store on a busy machine, the first time */
const START_MS = 60_000

const children: ChildProcessWithoutNullStreams[] = []
const folders: string[] = []
let blobs: LocalBlobs | undefined
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
})
afterAll(async () => {
  await blobs?.stop()
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
})

const within = <T>(ms: number, what: string, work: Promise<T>) => {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms)))
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

interface Holder {
  /** Sends "go": the process calls store.lock now */
  go: () => void
  /** When it entered the lock (Date.now() in that process) */
  entering: Promise<number>
  outcome: Promise<HolderOutcome>
}

/** Starts a lock-holder process and resolves once it has opened the store and waits for "go". */
async function startHolder(spec: HolderSpec): Promise<Holder> {
  const child = spawn(process.execPath, ["--import", "tsx", HOLDER, JSON.stringify(spec)], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] })
  children.push(child)
  let output = ""
  let errors = ""
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk))
  const line = (test: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const look = () => {
        const found = output.split("\n").find((candidate, index, all) => index < all.length - 1 && test(candidate))
        if (found !== undefined) resolve(found)
      }
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk
        look()
      })
      child.once("exit", () => {
        look()
        reject(new Error(`the lock holder exited:\n${output}${errors}`))
      })
      look()
    })
  const entering = line((text) => text.startsWith('{"entering"')).then((text) => (JSON.parse(text) as { entering: number }).entering)
  const outcome = line((text) => text.startsWith('{"entered"') || text.startsWith('{"error"')).then((text) => JSON.parse(text) as HolderOutcome)
  entering.catch(() => undefined)
  outcome.catch(() => undefined)
  await within(
    START_MS,
    "a lock holder's start",
    line((text) => text === "ready"),
  )
  return { go: () => child.stdin.write("go\n"), entering, outcome }
}

/** The lock's time inside, for holders that entered */
const inside = (outcome: HolderOutcome) => {
  if ("error" in outcome) throw new Error(`a holder never entered the lock: ${outcome.error}`)
  return outcome
}

/** How long two holders were inside the lock at the same time, in ms */
const overlap = (a: HolderOutcome, b: HolderOutcome) => Math.max(0, Math.min(inside(a).left, inside(b).left) - Math.max(inside(a).entered, inside(b).entered))

/** A lock's record as a holder wrote it before tokens carried the holder's start: "<uuid> <claimed at> <host> <pid>" */
const token = (claimedAt: number, host: string, pid: number) => `${randomUUID()} ${new Date(claimedAt).toISOString()} ${host} ${pid}`

/** A new data folder, and how to write a lock's record into it as another process would have left it */
function filesStore() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forms-locks-"))
  folders.push(dir)
  return {
    where: { files: dir },
    plant: async (name: string, text: string) => {
      const file = path.join(dir, ...layout.lock(name).split("/"))
      await fs.promises.mkdir(path.dirname(file), { recursive: true })
      await fs.promises.writeFile(file, text)
    },
  }
}

const filesFolder = async (): Promise<HolderSpec["store"]> => filesStore().where

let blobStores = 0
/** A new store on the local BlobsServer, reached as Netlify's functions reach theirs */
async function blobsStore(): Promise<HolderSpec["store"]> {
  blobs ??= await startBlobsServer()
  blobStores += 1
  const options: BlobStoreOptions = { name: `locks-${blobStores}`, siteID: blobs.siteID, token: blobs.token, edgeURL: blobs.url, uncachedEdgeURL: blobs.url }
  return { blobs: options }
}

// Files only: two waiters take over at one moment, and the local BlobsServer
// (unlike Netlify) does not make two concurrent creates of one key atomic.
describe("the files store's lock, left by a holder that cannot be seen to have died", () => {
  it.each([
    // a crashed holder's pid now belongs to another program (this test's own process, alive and holding nothing),
    // in a token without the holder's start (written before tokens carried one): nothing tells the two apart
    ["under a pid that is alive and another program's, with no start time", os.hostname(), process.pid],
    // every Netlify function instance is another host: its pid says nothing here
    ["on another host", "elsewhere.invalid", 4242],
  ])(
    "%s: two processes waiting it out enter one at a time, the first once the stale limit has passed since that claim",
    async (_case, host, pid) => {
      const { where, plant } = filesStore()
      const holdMs = 2_000
      const spec: HolderSpec = { store: where, name: "contact:X", holdMs, lockTimes }
      const [first, second] = await Promise.all([startHolder(spec), startHolder(spec)])
      const plantedAt = Date.now()
      await plant("contact:X", token(plantedAt, host, pid))
      first.go()
      second.go()
      const [a, b] = await within(lockTimes.staleMs + 2 * holdMs + 15_000, "both holders", Promise.all([first.outcome, second.outcome]))
      expect({ overlapMs: overlap(a, b) }).toEqual({ overlapMs: 0 })
      const [earlier, later] = inside(a).entered <= inside(b).entered ? [inside(a), inside(b)] : [inside(b), inside(a)]
      expect(earlier.entered - plantedAt).toBeGreaterThanOrEqual(lockTimes.staleMs)
      expect(later.entered).toBeGreaterThanOrEqual(earlier.left)
    },
    90_000,
  )
})

describe.each([
  ["files", filesFolder],
  ["netlify-blobs", blobsStore],
])("the %s store's lock, waited for while its holder was alive", (_backend, open) => {
  it("is the waiter's for the whole stale limit from when it claimed it, not from when it began to wait: a later waiter does not take it over", async () => {
    const where = await open()
    const spec = (holdMs: number): HolderSpec => ({ store: where, name: "contact:X", holdMs, lockTimes })
    // the holder leaves before the stale limit; the first waiter then holds it past the limit counted from when it began to wait
    const [holder, waiter, later] = await Promise.all([startHolder(spec(800)), startHolder(spec(lockTimes.staleMs)), startHolder(spec(200))])
    holder.go()
    await within(15_000, "the holder's entry", holder.entering)
    waiter.go()
    await within(15_000, "the waiter's entry", waiter.entering)
    later.go()
    const [h, w, l] = await within(3 * lockTimes.staleMs + 15_000, "the three holders", Promise.all([holder.outcome, waiter.outcome, later.outcome]))
    expect({ holderAndWaiterMs: overlap(h, w), waiterAndLaterMs: overlap(w, l) }).toEqual({ holderAndWaiterMs: 0, waiterAndLaterMs: 0 })
    expect(inside(l).entered).toBeGreaterThanOrEqual(inside(w).left)
  }, 120_000)
})

describe.each([
  ["files", filesFolder],
  ["netlify-blobs", blobsStore],
])("the %s store's lock, held past the stale limit by a live process on this machine", (_backend, open) => {
  it("is never taken over: a waiter enters once the holder has left, however long it held it", async () => {
    const where = await open()
    const spec = (holdMs: number): HolderSpec => ({ store: where, name: "contact:X", holdMs, lockTimes })
    // a send slower than the stale limit: the holder is alive and seen to be, so its age says nothing
    const [holder, waiter] = await Promise.all([startHolder(spec(lockTimes.staleMs + 2_000)), startHolder(spec(200))])
    holder.go()
    await within(15_000, "the holder's entry", holder.entering)
    waiter.go()
    const [h, w] = await within(2 * lockTimes.staleMs + 15_000, "both holders", Promise.all([holder.outcome, waiter.outcome]))
    console.log(
      `FORMS-LOCK-LIVE held ${inside(h).left - inside(h).entered} ms (stale limit ${lockTimes.staleMs} ms); the waiter entered ${inside(w).entered - inside(h).left} ms after it left`,
    )
    expect({ overlapMs: overlap(h, w) }).toEqual({ overlapMs: 0 })
    expect(inside(w).entered).toBeGreaterThanOrEqual(inside(h).left)
  }, 90_000)
})

describe("the files store's lock, left under a pid that is alive and started after the holder", () => {
  it("is taken over at once: the pid is another process's now, and the holder is gone", async () => {
    const { where, plant } = filesStore()
    const waiter = await startHolder({ store: where, name: "contact:X", holdMs: 100, lockTimes })
    // this test's own process, alive, with a start time that is not the one the holder wrote
    const plantedAt = Date.now()
    await plant("contact:X", `${token(plantedAt, os.hostname(), process.pid)} 1`)
    waiter.go()
    const entered = inside(await within(15_000, "the waiter", waiter.outcome)).entered
    console.log(`FORMS-LOCK-REUSED-PID entered ${entered - plantedAt} ms after the lock was planted (stale limit ${lockTimes.staleMs} ms)`)
    expect(entered - plantedAt).toBeLessThan(lockTimes.staleMs)
  }, 90_000)
})
