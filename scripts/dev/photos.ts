// `npm run photos [-- --dry-run]`: stores each picture of the gallery's folder
// at the largest size the site shows it (src/images/renditions.ts,
// GALLERY_LARGEST: the smallest size that still covers 720 × 540, upright, in
// sRGB, without camera metadata such as the GPS position), so a camera's
// 6000 × 4000 file is not committed to git at full size. The pictures visitors
// get are those the build makes from its own working copy of the full-size
// file: the same size, at JPEG 98 with full colour resolution.
// Pictures already that small (or whose copy would not be smaller in bytes),
// and formats it does not copy (AVIF, GIF), are left as they are. A picture
// the build could not read either (cut off, not a picture) is named and left
// as it is; the others are done all the same, and it exits 1.
// --dry-run says what it would save and changes nothing.
// How each picture is stored: src/images/store-photos.ts.
import path from "path"
import { gallerySources } from "../../src/content/gallery-sources"
import { GALLERY_LARGEST } from "../../src/images/renditions"
import { megabytes, storePhotos } from "../../src/images/store-photos"

async function main(): Promise<void> {
  const dryRun = process.argv.includes("--dry-run")
  const sources = await gallerySources(path.resolve("content"))
  const { before, after, changed, failed } = await storePhotos(sources, { dryRun })
  const { width, height } = GALLERY_LARGEST
  console.log(
    `${changed} of ${sources.length} pictures ${dryRun ? "would be" : "were"} stored at the largest size the site shows them (covering ${width} × ${height}): ${megabytes(before)} → ${megabytes(after)}.`,
  )
  if (failed > 0) {
    console.error(`${failed} picture${failed > 1 ? "s" : ""} named above ${failed > 1 ? "were" : "was"} left as ${failed > 1 ? "they were" : "it was"}.`)
    process.exitCode = 1
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
