/**
 * The axe-core rule tags the site is held to: WCAG 2.0, 2.1 and 2.2, levels A
 * and AA. One list for `npm run audit` and the browser tests, so the two
 * cannot drift apart (the audit once left out wcag22a).
 */
export const AXE_TAGS: readonly string[] = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
