// `npm run photos [-- --dry-run]`: stores each picture of the gallery's folder
// at the largest size the site shows it (src/images/renditions.ts,
// GALLERY_LARGEST: the smallest size that still covers 720 × 540, upright, in
// sRGB, without camera metadata such as the GPS position), so a camera's
// 6000 × 4000 file is not committed to git at full size. The pictures visitors
// get are those the build makes from its own working copy of the full-size
// file: the same size, at JPEG 98 with full colour resolution.
// Pictures already that small (or whose copy would not be smaller in bytes),
// and formats it does not copy (AVIF, GIF), are left as they are. --dry-run says what it would save and changes nothing.
import { promises as fs } from "fs"
import os from "os"
import path from "path"
import { gallerySources } from "../src/content/gallery-sources"
import { GALLERY_LARGEST, makeRendition } from "../src/images/renditions"

const megabytes = (bytes: number) => (bytes < 2 ** 20 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 2 ** 20).toFixed(1)} MB`)

async function main(): Promise<void> {
  const dryRun = process.argv.includes("--dry-run")
  const sources = await gallerySources(path.resolve("content"))
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), "photos-"))
  let before = 0
  let after = 0
  let changed = 0
  try {
    for (const file of sources) {
      const source = await fs.readFile(file)
      const smaller = path.join(scratch, path.basename(file))
      before += source.length
      if (!(await makeRendition(source, smaller))) {
        after += source.length
        continue
      }
      const size = (await fs.stat(smaller)).size
      // a picture only a little larger than shown, already compressed harder, stays as it is
      if (size >= source.length) {
        after += source.length
        continue
      }
      after += size
      changed += 1
      console.log(`${path.relative(process.cwd(), file)}: ${megabytes(source.length)} → ${megabytes(size)}`)
      // a copy then a rename: the picture is never half-written
      if (!dryRun) {
        await fs.copyFile(smaller, `${file}.part`)
        await fs.rename(`${file}.part`, file)
      }
    }
  } finally {
    await fs.rm(scratch, { recursive: true, force: true })
  }
  const { width, height } = GALLERY_LARGEST
  console.log(
    `${changed} of ${sources.length} pictures ${dryRun ? "would be" : "were"} stored at the largest size the site shows them (covering ${width} × ${height}): ${megabytes(before)} → ${megabytes(after)}.`,
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
