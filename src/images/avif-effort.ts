import sharp from "sharp"

/**
 * The AVIF encoder's effort (libaom's speed, 0-9) for every image the build
 * makes. gatsby-plugin-sharp 5.16 passes only the quality to sharp's avif(),
 * so sharp's default effort, 4, applied. Measured here on the site's
 * illustrations and on camera-size photos, for the gallery's three widths
 * (scripts/lib/camera-photos.ts; see docs/content.md, "Photos from cameras and phones"):
 * effort 3 encodes in a third to a quarter of the time of effort 4, with files
 * 1 % larger for a photo and up to 6 % for a flat illustration; effort 2 was
 * 23 % larger for a photo.
 */
export const AVIF_EFFORT = 3

type AvifOptions = Parameters<sharp.Sharp["avif"]>[0]

let applied = false

/**
 * Makes every sharp pipeline in this process encode AVIF with AVIF_EFFORT
 * unless it names an effort itself. Gatsby runs its image jobs in the process
 * that loads gatsby-node, with the same sharp module, so gatsby-node calls this.
 */
export function useAvifEffort(): void {
  if (applied) return
  applied = true
  const prototype = sharp.prototype as sharp.Sharp
  const avif = prototype.avif
  prototype.avif = function (this: sharp.Sharp, options?: AvifOptions) {
    return avif.call(this, { ...options, effort: options?.effort ?? AVIF_EFFORT })
  }
}
