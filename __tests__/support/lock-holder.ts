/**
 * A process that holds one of the forms store's locks, for tests of the lock
 * across processes: run as `node --import tsx lock-holder.ts '<HolderSpec>'`.
 * It opens the store, prints "ready", waits for "go" on stdin (so that a
 * test can start several at one moment, their start-up done), calls
 * store.lock(name), holds it holdMs, and prints one JSON line: when it
 * entered and left, or the error lock() gave.
 */
import readline from "readline"
import { createStore, type LockTimes } from "../../src/forms/store"
import { createBlobStore, type BlobStoreOptions } from "../../src/forms-hosts/netlify-blobs-store"

export interface HolderSpec {
  /** The store: a data folder, or a Blobs store (on a local BlobsServer) */
  store: { files: string } | { blobs: BlobStoreOptions }
  name: string
  holdMs: number
  lockTimes: LockTimes
}

/** What a holder prints last: Date.now() as it entered and as it left the lock, or why it never entered */
export type HolderOutcome = { entered: number; left: number } | { error: string }

async function main(spec: HolderSpec): Promise<HolderOutcome> {
  const { store: where, lockTimes } = spec
  const store = "files" in where ? createStore(where.files, { lockTimes }) : createBlobStore({ ...where.blobs, lockTimes })
  const lines = readline.createInterface({ input: process.stdin })
  process.stdout.write("ready\n")
  await new Promise<void>((resolve) => lines.on("line", (line) => line.trim() === "go" && resolve()))
  lines.close()
  return store
    .lock(spec.name, async () => {
      const entered = Date.now()
      process.stdout.write(`${JSON.stringify({ entering: entered })}\n`)
      await new Promise((resolve) => setTimeout(resolve, spec.holdMs))
      return { entered, left: Date.now() }
    })
    .catch((error: unknown) => ({ error: String(error) }))
}

if (require.main === module) {
  void main(JSON.parse(process.argv[2] ?? "{}") as HolderSpec).then((outcome) => {
    process.stdout.write(`${JSON.stringify(outcome)}\n`)
    process.exit("error" in outcome ? 1 : 0)
  })
}
