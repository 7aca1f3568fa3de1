import { mulberry32 } from "../../scripts/lib/random"

export { mulberry32 }

/** The items in an order the seed fixes (Fisher-Yates), so a failure shows again */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = mulberry32(seed)
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}
