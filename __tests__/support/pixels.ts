import sharp from "sharp"

/** WCAG 2 relative luminance of an sRGB colour given as 0–255 channels. */
export function luminance(r: number, g: number, b: number): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

export function contrast(a: number, b: number): number {
  const [light, dark] = a > b ? [a, b] : [b, a]
  return (light + 0.05) / (dark + 0.05)
}

/** "rgb(227, 236, 229)" → luminance */
export function cssColorLuminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number)
  return luminance(r, g, b)
}

/** The lightest and darkest pixel luminance of a PNG screenshot. */
export async function luminanceRange(png: Buffer): Promise<{ max: number; min: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  let max = 0
  let min = 1
  for (let i = 0; i < data.length; i += info.channels) {
    const l = luminance(data[i]!, data[i + 1]!, data[i + 2]!)
    if (l > max) max = l
    if (l < min) min = l
  }
  return { max, min }
}
