/**
 * Intl.NumberFormat, one per locale and options. `value.toLocaleString(locale,
 * options)` builds a new formatter on every call, and building one costs far
 * more than formatting with it: the estimator writes a few hundred figures when
 * it hydrates, and its formatting functions were the largest self time of its
 * own code in Chromium's profiler on /estimate (15 ms a load, beside the
 * calculator's component's 24). The same formatter gives the same text.
 */
const formatters = new Map<string, Intl.NumberFormat>()

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options)
    formatters.set(key, formatter)
  }
  return formatter
}
