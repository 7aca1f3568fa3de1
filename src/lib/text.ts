/** Replaces {name} placeholders in a content string, e.g. "Ask about {title}". */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  )
}

/**
 * A phone number that never wraps mid-number: spaces become no-break spaces
 * and hyphens non-breaking hyphens. For display only; tel: links keep the raw number.
 */
export function unbreakable(text: string): string {
  return text.replace(/ /g, "\u00a0").replace(/-/g, "\u2011")
}
