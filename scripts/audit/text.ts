/** text on one line, cut to max characters with an ellipsis */
export function oneLine(text: unknown, max = 160): string {
  const flat = String(text ?? "").replace(/\s+/g, " ").trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/** "1 miss", "2 misses" */
export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`
