import { getStore, setEnvironmentContext } from "@netlify/blobs"
import { storeOn, type Backend, type LockTimes, type Store } from "../forms/store"

export interface BlobStoreOptions {
  /** The site-wide store's name (FORMS_BLOBS_STORE, default "forms") */
  name: string
  /** Site ID and token for API access from outside Netlify; on Netlify both come from the environment */
  siteID?: string
  token?: string
  /** The Netlify API (default https://api.netlify.com), or a local BlobsServer */
  apiURL?: string
  /** Edge access, as Netlify's functions get it (tests point these at a local BlobsServer) */
  edgeURL?: string
  uncachedEdgeURL?: string
  fetch?: typeof globalThis.fetch
  /** The locks' stale limit and wait (LOCK_TIMES unless given; tests shorten them) */
  lockTimes?: LockTimes
}

/** A key the store writes once and then only tries to create again, to see the service refuse it. */
const CHECK_KEY = "checks/only-if-new"

/**
 * One store's access: how to open it for one operation, its name, and the
 * check of its conditional writes, made once (a failed check is forgotten,
 * so the next claim checks again).
 */
interface BlobAccess {
  blobs: () => ReturnType<typeof getStore>
  name: string
  checked?: Promise<void>
}

/** A second create of the same key must be refused, or claims would not be atomic. */
function checkConditionalWrites(access: BlobAccess): Promise<void> {
  const { blobs, name } = access
  access.checked ??= (async () => {
    const first = await blobs().set(CHECK_KEY, "1", { onlyIfNew: true })
    const second = first.modified ? await blobs().set(CHECK_KEY, "1", { onlyIfNew: true }) : first
    if (second.modified) {
      throw new Error(
        `Netlify Blobs store "${name}" did not refuse a second create of one key (onlyIfNew): conditional writes are not honoured, or the service failed; idempotency keys cannot be claimed safely`,
      )
    }
  })().catch((error: unknown) => {
    access.checked = undefined
    throw error
  })
  return access.checked
}

/** Backend.claim in Blobs: a conditional create, then what the key holds, which says whether this claim won */
async function claimBlob(access: BlobAccess, key: string, value: string): Promise<string> {
  const { blobs } = access
  await checkConditionalWrites(access)
  // a key released (a lock's holder done) between the refused write and
  // the read is claimed again, a few times, rather than reported lost
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const { modified } = await blobs().set(key, value, { onlyIfNew: true })
    const holder = await blobs().get(key, { type: "text" })
    if (holder !== null) return holder.trim()
    if (modified) break
  }
  throw new Error(`Netlify Blobs did not keep the idempotency key ${key}`)
}

/** Backend.remove in Blobs: its delete does not say whether there was a blob, so it is asked first, for an honest count */
async function removeBlob({ blobs }: BlobAccess, key: string): Promise<boolean> {
  const existed = (await blobs().getMetadata(key)) !== null
  await blobs().delete(key)
  return existed
}

/** The Backend over one site-wide Blobs store */
function blobBackend(access: BlobAccess): Backend {
  const { blobs, name } = access
  return {
    location: `the Netlify Blobs store "${name}"`,
    read: async <T>(key: string) => ((await blobs().get(key, { type: "json" })) as T | null) ?? undefined,
    write: async (key, value) => {
      await blobs().setJSON(key, value)
    },
    keys: async (prefix) => (await blobs().list({ prefix })).blobs.map((blob) => blob.key),
    readText: async (key) => (await blobs().get(key, { type: "text" })) ?? undefined,
    remove: (key) => removeBlob(access, key),
    claim: (key, value) => claimBlob(access, key, value),
  }
}

/**
 * The store in a Netlify Blobs site-wide store, with the same keys as the
 * file backend's paths. Reads are strongly consistent (a repeat must see the
 * first post's key and record at once). An idempotency key is claimed with a
 * conditional create (onlyIfNew), and the key is read back: @netlify/blobs
 * reports every answer to a conditional write except 412 as a success, also
 * a 5xx after its retries (netlify/primitives#741), so what the key holds,
 * not the write's result, says whether this save claimed it.
 */
export function createBlobStore(options: BlobStoreOptions): Store {
  const { name, lockTimes, ...access } = options
  // Opened for every operation: in Netlify's Lambda compatibility mode the
  // token comes with each invocation (see connectLambdaEvent)
  const blobs = () => getStore({ name, ...access, consistency: "strong" })
  return storeOn(blobBackend({ blobs, name }), lockTimes)
}

/** The part of a Netlify Lambda-compatibility event that carries Blobs access. */
export interface LambdaEvent {
  /** Base64 JSON: { url, url_uncached, token, primary_region } */
  blobs?: string
  headers?: Record<string, string | undefined>
}

/**
 * Sets up Blobs access for this invocation from a function's Lambda event.
 * Functions in Netlify's Lambda compatibility mode (how gatsby-adapter-netlify
 * 1.x packages Gatsby Functions) do not get it set up automatically. The
 * package's own connectLambda() leaves out the uncached edge URL, without
 * which strong consistency throws; this passes it on. Returns whether the
 * event carried Blobs access at all.
 */
export function connectLambdaEvent(event: LambdaEvent): boolean {
  if (!event.blobs) return false
  const data = JSON.parse(Buffer.from(event.blobs, "base64").toString("utf8")) as {
    url?: string
    url_uncached?: string
    token?: string
    primary_region?: string
  }
  setEnvironmentContext({
    siteID: event.headers?.["x-nf-site-id"],
    deployID: event.headers?.["x-nf-deploy-id"],
    edgeURL: data.url,
    uncachedEdgeURL: data.url_uncached,
    token: data.token,
    primaryRegion: data.primary_region,
  })
  return true
}
