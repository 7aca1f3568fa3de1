/**
 * Where a visitor was before the contact form, kept in memory for this tab
 * only (no cookie, no storage): Gatsby moves between pages without loading
 * them, so document.referrer keeps naming the page the visit began on.
 */
let previousPage: string | undefined

/** Called on every page change (gatsby-browser's onRouteUpdate). */
export function notePageChange(previous: string | undefined): void {
  if (previous) previousPage = previous
}

/** The path of the page before this one on this site, if there was one. */
export function pageBefore(): string | undefined {
  if (previousPage) return previousPage
  try {
    const referrer = document.referrer ? new URL(document.referrer) : undefined
    return referrer && referrer.origin === window.location.origin ? referrer.pathname : undefined
  } catch {
    return undefined
  }
}
