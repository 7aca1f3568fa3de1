/**
 * @jest-environment node
 */
/**
 * The build's AVIF effort (src/images/avif-effort.ts): gatsby-node sets it
 * for every sharp pipeline of the build process, since gatsby-plugin-sharp
 * passes sharp only the quality.
 */
import sharp from "sharp"
import { AVIF_EFFORT } from "../../src/images/avif-effort"

type WithOptions = sharp.Sharp & { options: { heifEffort: number } }
const picture = () => sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a6" } })

describe("the AVIF effort of the build", () => {
  it("is sharp's default (4) until gatsby-node is loaded, then AVIF_EFFORT for every pipeline that names none", async () => {
    expect((picture().avif({ quality: 50 }) as WithOptions).options.heifEffort).toBe(4)
    await import("../../gatsby-node")
    expect(AVIF_EFFORT).toBe(3)
    // as gatsby-plugin-sharp calls it: quality and force only
    expect((picture().avif({ quality: 50, force: false }) as WithOptions).options.heifEffort).toBe(AVIF_EFFORT)
    expect((picture().avif() as WithOptions).options.heifEffort).toBe(AVIF_EFFORT)
    // a pipeline that names an effort keeps it
    expect((picture().avif({ effort: 7 }) as WithOptions).options.heifEffort).toBe(7)
    // and the encode works
    const encoded = await picture().avif({ quality: 50 }).toBuffer({ resolveWithObject: true })
    expect(encoded.info.format).toBe("heif")
    expect((await sharp(encoded.data).metadata()).compression).toBe("av1")
  })
})
