/**
 * The forms' store from both backends, for the store's tests
 * (__tests__/unit/forms-store*.test.ts): files on disk, and a Netlify Blobs
 * store, here a real BlobsServer on loopback reached over HTTP by
 * @netlify/blobs. (Node environment: the client needs Node's fetch.)
 */
import fs from "fs"
import os from "os"
import path from "path"
import { getStore } from "@netlify/blobs"
import { createStore, type Store } from "../../src/forms/store"
import { createBlobStore, type BlobStoreOptions } from "../../src/forms-hosts/netlify-blobs-store"
import { startBlobsServer, type LocalBlobs } from "./blobs-server"

export const valid = { username: "Ada Example", email: "ada@example.com", phone: "+1 (555) 010-0199", subject: "Quote request", message: "Two lines\nof text" }
export let blobs: LocalBlobs
export const folders: string[] = []
/** Starts the local Blobs server before a test file's tests; stops it and removes their folders after */
export function useStoreBackends(): void {
  beforeAll(async () => {
    blobs = await startBlobsServer()
  }, 15_000)
  afterAll(async () => {
    await blobs?.stop()
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
  })
}

// The local BlobsServer checks a conditional write and then writes, in two
// steps, so two concurrent creates of one key can both succeed there; on
// Netlify a conditional write is one atomic operation. Conditional writes
// and deletes (a lock's release) to the local server are sent one at a time
// to stand for that.
let conditionalWrites = Promise.resolve()
export const atomicFetch: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers)
  if (!headers.has("if-none-match") && !headers.has("if-match") && init?.method?.toUpperCase() !== "DELETE") return fetch(input, init)
  const response = conditionalWrites.then(() => fetch(input, init))
  conditionalWrites = response.then(
    () => undefined,
    () => undefined,
  )
  return response
}

let stores = 0
/** Access to a fresh store on the local server (every test gets its own), edge access as Netlify's functions have it. */
export function blobOptions(overrides: Partial<BlobStoreOptions> = {}): BlobStoreOptions {
  stores += 1
  return { name: `forms-${stores}`, siteID: blobs.siteID, token: blobs.token, edgeURL: blobs.url, uncachedEdgeURL: blobs.url, fetch: atomicFetch, ...overrides }
}
/** The same store, read with @netlify/blobs directly (to look behind the store's back). */
export const rawStore = (options: BlobStoreOptions) => getStore({ ...options, consistency: "strong" })

export interface Subject {
  /** A store over the same records each time it is called, as another process would open them */
  open: () => Store
  /** Removes one record, as a save that died before writing it would have left things */
  remove: (key: string) => Promise<void>
  /** Every record's text, whatever its key (to look for what should be gone) */
  dump: () => Promise<string>
  /** Writes one record's text as it is, as another process would have left it */
  put: (key: string, text: string) => Promise<void>
}

export const backends: [string, () => Subject][] = [
  [
    "files",
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forms-"))
      folders.push(dir)
      const dump = async () =>
        (fs.readdirSync(dir, { recursive: true }) as string[])
          .filter((name) => fs.statSync(path.join(dir, name)).isFile())
          .map((name) => `${name}\n${fs.readFileSync(path.join(dir, name), "utf8")}`)
          .join("\n")
      const put = async (key: string, text: string) => {
        await fs.promises.mkdir(path.dirname(path.join(dir, key)), { recursive: true })
        await fs.promises.writeFile(path.join(dir, key), text)
      }
      return { open: () => createStore(dir), remove: (key) => fs.promises.rm(path.join(dir, key)), dump, put }
    },
  ],
  [
    "netlify-blobs",
    () => {
      const options = blobOptions()
      const dump = async () => {
        const { blobs: all } = await rawStore(options).list()
        const texts = await Promise.all(all.map(async ({ key }) => `${key}\n${(await rawStore(options).get(key, { type: "text" })) ?? ""}`))
        return texts.join("\n")
      }
      const put = async (key: string, text: string) => {
        await rawStore(options).set(key, text)
      }
      return { open: () => createBlobStore(options), remove: (key) => rawStore(options).delete(key), dump, put }
    },
  ],
]
