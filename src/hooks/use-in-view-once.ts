import * as React from "react"

/**
 * True from the first time the element is at least `threshold` visible, and
 * for good after that (one IntersectionObserver, disconnected once seen).
 * `rootMargin` widens the viewport, to act before the element scrolls in.
 * Without IntersectionObserver the element counts as seen at once. The change
 * renders in a transition: what it reveals or builds need not block input.
 */
export function useInViewOnce<T extends Element>(threshold: number, rootMargin = "0px"): [(node: T | null) => void, boolean] {
  const [seen, setSeen] = React.useState(false)
  const observer = React.useRef<IntersectionObserver | null>(null)

  const ref = React.useCallback(
    (node: T | null) => {
      observer.current?.disconnect()
      observer.current = null
      if (!node || seen) return
      const markSeen = () => React.startTransition(() => setSeen(true))
      if (typeof IntersectionObserver === "undefined") {
        markSeen()
        return
      }
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= threshold)) {
            markSeen()
            observer.current?.disconnect()
          }
        },
        { threshold, rootMargin },
      )
      observer.current.observe(node)
    },
    [seen, threshold, rootMargin],
  )

  React.useEffect(() => () => observer.current?.disconnect(), [])
  return [ref, seen]
}
