import { createHash } from "crypto"
import { promises as fs } from "fs"
import path from "path"
import sharp from "sharp"
import { fileKey } from "./file-key"

/**
 * The largest picture the gallery ever shows: GalleryCarousel's
 * gatsbyImageData is 480 px wide at 4:3, at densities up to 1.5, so 720 × 540
 * (__tests__/unit/renditions.test.ts reads the fragment and checks this).
 */
export const GALLERY_LARGEST = { width: 720, height: 540 } as const

/** Where the working copies are kept, a folder per source's MD5 (Gatsby's File contentDigest) */
export const RENDITIONS_DIR = path.join(".cache", "renditions")

/** The gatsby-source-filesystem instance that reads RENDITIONS_DIR (gatsby-config.ts) */
export const RENDITIONS_SOURCE = "renditions"

/**
 * Each working copy keeps its source's format, because gatsby-plugin-sharp's
 * "auto" format (the fallback of every <picture>) is the format it decodes:
 * PNG stays PNG (and keeps its transparency), JPEG stays JPEG. JPEG at 98 with
 * full-resolution colour: the pictures built from it differ from those built
 * from the camera's file by 0.05 dB PSNR at most (measured on a camera photo
 * and a stock picture, docs/content.md, "Photos from cameras and phones").
 */
const ENCODERS: Record<string, (image: sharp.Sharp) => sharp.Sharp> = {
  jpeg: (image) => image.jpeg({ quality: 98, chromaSubsampling: "4:4:4" }),
  png: (image) => image.png({ compressionLevel: 1 }),
  webp: (image) => image.webp({ lossless: true }),
}

export interface RenditionReport {
  /** Working copies made in this call */
  made: string[]
  /** Working copies already there from an earlier build */
  kept: number
  /** Folders removed because their source changed or left */
  removed: number
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  )
}

/**
 * One picture at the smallest size that still covers `box` (sharp's
 * "outside" fit: what a cover crop to `box` starts from), upright, in sRGB,
 * without camera metadata, in its own format. Undefined when the picture is
 * not larger than that, or not a format worth copying (AVIF, GIF, SVG...):
 * the build then uses the source as it is. An unreadable picture is left to
 * the content check and gatsby-plugin-sharp, which name it.
 */
export async function renditionOf(source: Buffer, box: { width: number; height: number } = GALLERY_LARGEST): Promise<Buffer | undefined> {
  let metadata: sharp.Metadata
  try {
    metadata = await sharp(source).metadata()
  } catch {
    return undefined
  }
  const encode = metadata.format && ENCODERS[metadata.format]
  // the size it shows at, its EXIF orientation applied
  const { width, height } = metadata.autoOrient
  if (!encode || Math.max(box.width / width, box.height / height) >= 1) return undefined
  return encode(sharp(source).rotate().resize(box.width, box.height, { fit: "outside" }).toColourspace("srgb")).toBuffer()
}

/** Writes the rendition of `source` to `target` (never half-written: a copy, then a rename); false when there is none */
export async function makeRendition(source: Buffer, target: string, box: { width: number; height: number } = GALLERY_LARGEST): Promise<boolean> {
  const copy = await renditionOf(source, box)
  if (!copy) return false
  const part = `${target}.part`
  await fs.mkdir(path.dirname(target), { recursive: true })
  await fs.writeFile(part, copy)
  await fs.rename(part, target)
  return true
}

/**
 * Camera-size pictures cost a build most of its image time: every width and
 * format gatsby-plugin-sharp makes decodes the 24-megapixel file again. This
 * makes, once per picture, a working copy at the largest size the site shows
 * it (`box`), which the build resizes from instead. `sources` are the image
 * files (absolute paths); copies land in `dir/<md5 of the source>/<its name>`,
 * so a changed picture gets a new copy and the build can match each copy to
 * its source's File node. Copies of pictures that changed or left are removed.
 */
export async function prepareRenditions(
  sources: readonly string[],
  dir: string,
  box: { width: number; height: number } = GALLERY_LARGEST,
): Promise<RenditionReport> {
  const report: RenditionReport = { made: [], kept: 0, removed: 0 }
  // Each source's MD5 by its size, inode and times (fileKey: the change time
  // too, which any write moves), so a rebuild does not read 6 MB per unchanged photo
  // (beside `dir`, not in it: Gatsby sources every file of `dir`)
  const digestsFile = `${dir}.digests.json`
  const known = JSON.parse(await fs.readFile(digestsFile, "utf8").catch(() => "{}")) as Record<string, string>
  const digests: Record<string, string> = {}
  const wanted = new Set<string>()
  const queue = [...sources]
  // Two at a time: this machine's two cores, and two decoded photos' memory at most
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const stat = await fs.stat(file)
      const key = fileKey(file, stat)
      let content: Buffer | undefined
      const digest =
        known[key] ??
        createHash("md5")
          .update((content = await fs.readFile(file)))
          .digest("hex")
      digests[key] = digest
      wanted.add(digest)
      const target = path.join(dir, digest, path.basename(file))
      if (await exists(target)) report.kept += 1
      else if (await makeRendition(content ?? (await fs.readFile(file)), target, box)) report.made.push(path.basename(file))
    }
  }
  await Promise.all([worker(), worker()])
  const present = await fs.readdir(dir, { withFileTypes: true }).catch(() => [])
  for (const entry of present) {
    if (!entry.isDirectory() || wanted.has(entry.name)) continue
    await fs.rm(path.join(dir, entry.name), { recursive: true, force: true })
    report.removed += 1
  }
  await fs.mkdir(dir, { recursive: true })
  await fs.writeFile(digestsFile, JSON.stringify(digests))
  return report
}

/** A File node as the gallery's resolver sees it */
interface FileLike {
  base: string
  relativeDirectory: string
  internal: { contentDigest: string }
}

/**
 * The working copy of each picture where there is one: matched by the
 * source's content digest (its MD5, the copy's folder) and its file name.
 */
export function withRenditions<F extends FileLike>(files: readonly F[], renditions: readonly F[]): Map<F, F> {
  const byKey = new Map(renditions.map((copy) => [`${copy.relativeDirectory}/${copy.base}`, copy]))
  return new Map(
    files.flatMap((file) => {
      const copy = byKey.get(`${file.internal.contentDigest}/${file.base}`)
      return copy ? [[file, copy] as [F, F]] : []
    }),
  )
}
