import { createHash } from "crypto"
import fs from "fs/promises"
import path from "path"
import { promisify } from "util"
import zlib from "zlib"
import { MIN_BYTES } from "../../lib/compression"
import type { PostbuildStep } from "./step"

/**
 * Brotli and gzip copies of the build's text files, written next to them
 * (`index.html.br`, `index.html.gz`), for the production server to send as
 * they are (@fastify/static's `preCompressed`).
 *
 * Compressing a page on each request cost the server about 0.1 s of CPU per
 * page at brotli's best quality (137 ms for the 91 KB home page here), on the
 * same two cores the visitor's first bytes wait for. Done once at build time,
 * every response gets the best ratio for no CPU. A CDN that compresses by
 * itself just serves the copies as two more files nobody links to.
 */

/** The kinds of file worth compressing: text the site sends. Source maps are left to on-the-fly compression (rarely fetched, and the largest files). */
export const COMPRESSIBLE = [".html", ".js", ".css", ".json", ".svg", ".xml", ".txt", ".webmanifest"] as const

export { MIN_BYTES }

const ENCODINGS = [
  {
    suffix: ".br",
    compress: promisify(zlib.brotliCompress),
    options: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
  },
  { suffix: ".gz", compress: promisify(zlib.gzip), options: { level: zlib.constants.Z_BEST_COMPRESSION } },
] as const

/**
 * Above this, brotli at quality 9 instead of 11: the CMS's 5 MB bundle
 * (/admin) took most of the build's compression time at 11 for a copy only a
 * few percent smaller, and only editors fetch it.
 */
export const LARGE_BYTES = 1024 * 1024
const LARGE_FILE_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }

const isCompressible = (file: string) => COMPRESSIBLE.some((extension) => file.endsWith(extension))

export interface PrecompressResult {
  /** source files that now have both copies */
  files: number
  /** bytes of those sources, and of their brotli copies */
  bytes: number
  brotliBytes: number
  /** copies removed because their source is gone or too small */
  removed: string[]
  /** sources whose copies from an earlier build were still theirs, so were kept */
  kept: number
}

/** What the copies were made from and how: a file's copies are kept while this stays the same */
const SETTINGS = JSON.stringify(ENCODINGS.map(({ suffix, options }) => [suffix, options, LARGE_BYTES, LARGE_FILE_BROTLI]))
const fingerprint = (content: Buffer) => createHash("sha1").update(SETTINGS).update(content).digest("hex")

async function readManifest(file: string | undefined): Promise<Record<string, string>> {
  if (!file) return {}
  try {
    return JSON.parse(await fs.readFile(file, "utf8")) as Record<string, string>
  } catch {
    return {}
  }
}

/**
 * Writes `.br` and `.gz` for every compressible file of `root` of at least
 * MIN_BYTES, and removes copies left over from files a later build no longer
 * writes, so the server never sends a stale page. A warm build may rewrite
 * any file, so what each file's copies were made from is kept in `manifest`
 * (outside `root`): a file whose content is unchanged and whose copies are
 * there keeps them (brotli at its best took 4-5 s of every rebuild here).
 */
export async function precompress(root: string, manifest?: string): Promise<PrecompressResult> {
  const names = (await fs.readdir(root, { recursive: true })).map((name) => path.join(root, name))
  const sizes = new Map<string, number>()
  await Promise.all(
    names.map(async (file) => {
      const stat = await fs.stat(file)
      if (stat.isFile()) sizes.set(file, stat.size)
    }),
  )

  const sources = [...sizes].filter(([file, size]) => isCompressible(file) && size >= MIN_BYTES).map(([file]) => file)
  const removed: string[] = []
  for (const file of sizes.keys()) {
    const encoding = ENCODINGS.find(({ suffix }) => file.endsWith(suffix))
    if (!encoding) continue
    const source = file.slice(0, -encoding.suffix.length)
    if (isCompressible(source) && (sizes.get(source) ?? 0) < MIN_BYTES) {
      await fs.rm(file)
      removed.push(path.relative(root, file))
    }
  }

  const made = await readManifest(manifest)
  const now: Record<string, string> = {}
  let bytes = 0
  let brotliBytes = 0
  let kept = 0
  // zlib's async calls run on libuv's thread pool, so this uses every core
  await Promise.all(
    sources.map(async (file) => {
      const content = await fs.readFile(file)
      const name = path.relative(root, file)
      const print = fingerprint(content)
      bytes += content.length
      now[name] = print
      if (made[name] === print && ENCODINGS.every(({ suffix }) => sizes.has(`${file}${suffix}`))) {
        kept += 1
        brotliBytes += sizes.get(`${file}.br`)!
        return
      }
      for (const { suffix, compress, options } of ENCODINGS) {
        const compressed = await compress(content, suffix === ".br" && content.length > LARGE_BYTES ? LARGE_FILE_BROTLI : options)
        if (suffix === ".br") brotliBytes += compressed.length
        // written under a temporary name and renamed: a server never reads half a file
        const temporary = `${file}${suffix}.${process.pid}.tmp`
        await fs.writeFile(temporary, compressed)
        await fs.rename(temporary, `${file}${suffix}`)
      }
    }),
  )
  if (manifest) {
    await fs.mkdir(path.dirname(manifest), { recursive: true })
    await fs.writeFile(manifest, JSON.stringify(now))
  }
  return { files: sources.length, bytes, brotliBytes, removed, kept }
}

/** Last of the steps: every file it compresses is final by then. */
export const precompressFiles: PostbuildStep = {
  name: "brotli and gzip copies",
  async run({ publicDir, reporter }) {
    const started = Date.now()
    const compressed = await precompress(publicDir, path.join(publicDir, "..", ".cache", "precompressed.json"))
    reporter.info(
      `Precompressed ${compressed.files} files (${Math.round(compressed.bytes / 1024)} KB, brotli ${Math.round(compressed.brotliBytes / 1024)} KB; ${compressed.kept} unchanged since the last build) in ${((Date.now() - started) / 1000).toFixed(1)} s` +
        (compressed.removed.length ? `; removed ${compressed.removed.length} stale copies` : ""),
    )
  },
}
