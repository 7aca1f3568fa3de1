import { promises as fs } from "fs"
import sharp from "sharp"

/**
 * What gatsby-plugin-sharp stops at: its `failOn` default, "warning", which
 * gatsby-config.ts keeps. A JPEG cut off halfway has a whole header, so its
 * size and format read fine (sharp's metadata()); only decoding it to the end
 * finds what the build then fails on ("VipsJpeg: premature end of JPEG image").
 */
const FAIL_ON = "warning"

/** sharp's and gatsby-plugin-sharp's limit: a larger picture is refused unread (a decompression bomb) */
export const MAX_PIXELS = 0x3fff * 0x3fff

/** The raster formats sharp decodes for the build, by file extension */
export const DECODED_EXTENSIONS = ["jpg", "jpeg", "png", "webp", "avif", "gif", "tif", "tiff"]

/** libjpeg's, libspng's, libwebp's and libheif's words for a file that ends too soon */
const CUT_OFF = /premature end of (?!data segment)|truncat|unexpected end|end of (file|stream)|not enough data/i

/** Data that cannot be read inside a whole file: libvips's failOn, libjpeg's "Corrupt JPEG data: premature end of data segment" */
const DAMAGED = /failOn|corrupt/i

/**
 * A JPEG or PNG whose end marker is missing. libvips's warnings are shared by
 * its threads, so when two pictures fail at once, one may get only "Warning
 * treated as error": its own bytes say whether it is cut off.
 */
function endsTooSoon(bytes: Buffer, format: string | undefined): boolean {
  if (format === "jpeg") return bytes.lastIndexOf(Buffer.from([0xff, 0xd9])) < 0
  if (format === "png") return bytes.lastIndexOf(Buffer.from("IEND")) < 0
  return false
}

/** A picture the build cannot read: what is wrong, and what to do, in the editors' words */
export interface PictureProblem {
  /** Follows the picture's name: "… is cut off: …" */
  problem: string
  todo: string
}

export const UNREADABLE = "cannot be read as an image"

/**
 * Reads a picture to its last pixel as the build does: its width (as stored,
 * as sharp's metadata gives it), or what is wrong with it.
 */
export async function readPicture(file: string | Buffer): Promise<{ width: number } | PictureProblem> {
  const bytes = typeof file === "string" ? await fs.readFile(file) : file
  let metadata: sharp.Metadata
  try {
    metadata = await sharp(bytes).metadata()
  } catch {
    return { problem: UNREADABLE, todo: "export it again" }
  }
  const { width = 0, height = 0 } = metadata
  if (width * height > MAX_PIXELS) {
    return {
      problem: `is ${width} × ${height} px, more than the build reads (${Math.floor(MAX_PIXELS / 1e6)} megapixels at most)`,
      todo: "export it smaller, e.g. 6000 px wide",
    }
  }
  try {
    // decoded to its last byte and dropped, as the build's first resize reads it, but at the smallest scale
    // the decoder offers (JPEG's 1/8: every block's data is still read, so a cut-off or damaged file fails
    // the same): 60 ms for a 24-megapixel photo where the full size took 280 ms, and 1/64 of its memory
    await sharp(bytes, { failOn: FAIL_ON }).resize({ width: 64 }).raw().toBuffer()
    return { width }
  } catch (error) {
    const reason = (error as Error).message.trim()
    if (CUT_OFF.test(reason) || endsTooSoon(bytes, metadata.format)) {
      return { problem: "is cut off: the file ends before the picture does (a copy or upload that did not finish)", todo: "copy or export it again" }
    }
    return {
      problem: DAMAGED.test(reason) ? "is damaged: its data cannot be read to the end" : `cannot be read to the end (${reason})`,
      todo: "export it again",
    }
  }
}

/**
 * Runs the tasks at most `limit` at a time, and resolves with their results
 * in the tasks' order (so messages come out in the same order every run).
 */
export async function inTurn<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length)
  let next = 0
  const worker = async () => {
    for (let index = next++; index < tasks.length; index = next++) results[index] = await tasks[index]!()
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker))
  return results
}
