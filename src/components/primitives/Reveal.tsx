import * as React from "react"
import { useInViewOnce } from "../../hooks/use-in-view-once"
import { useReducedMotion } from "../../hooks/use-reduced-motion"
import "./Reveal.css"

type Props<T extends React.ElementType> = {
  as?: T
  /** Delay of this item's reveal, in ms (from content) */
  delay?: number
  className?: string
  children: React.ReactNode
} & Omit<React.ComponentPropsWithoutRef<T>, "as" | "className" | "children">

/**
 * Fades an element in the first time it scrolls into view. Content is never
 * hidden by the server HTML: only after hydration, and only for elements still
 * below the fold, is the hidden state armed; with reduced motion it never is.
 */
export function Reveal<T extends React.ElementType = "div">({ as, delay = 0, className = "", children, ...rest }: Props<T>) {
  const Tag = (as ?? "div") as React.ElementType
  const reducedMotion = useReducedMotion()
  const [armed, setArmed] = React.useState(false)
  const [ref, inView] = useInViewOnce<HTMLElement>(0.1)
  const element = React.useRef<HTMLElement | null>(null)

  // Where the element is comes from an IntersectionObserver's first report,
  // made with the browser's next rendering: reading it here (a bounding rect)
  // would force a layout inside React's commit of the page.
  React.useEffect(() => {
    const node = element.current
    if (reducedMotion || !node || typeof IntersectionObserver === "undefined") return
    const observer = new IntersectionObserver(([entry]) => {
      observer.disconnect()
      const viewportBottom = entry?.rootBounds?.bottom ?? window.innerHeight
      // a transition: arming every section below the fold need not block input
      if (entry && !entry.isIntersecting && entry.boundingClientRect.top > viewportBottom) React.startTransition(() => setArmed(true))
    })
    observer.observe(node)
    return () => observer.disconnect()
  }, [reducedMotion])

  const setRefs = React.useCallback(
    (node: HTMLElement | null) => {
      element.current = node
      ref(node)
    },
    [ref],
  )

  const state = armed ? (inView ? " is-armed is-shown" : " is-armed") : ""
  return (
    <Tag
      ref={setRefs}
      className={`reveal${state} ${className}`.trim()}
      data-reveal-delay={delay}
      style={delay ? ({ "--reveal-delay": `${delay}ms` } as React.CSSProperties) : undefined}
      {...rest}
    >
      {children}
    </Tag>
  )
}
