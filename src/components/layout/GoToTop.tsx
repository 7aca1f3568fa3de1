import * as React from "react"
import { useScroll } from "../../hooks/use-scroll"
import { ArrowUpIcon } from "../primitives/Icons"
import "./GoToTop.css"

/**
 * A link to the top of the page, shown past `offset` px of scrolling: it works without JavaScript (#top) and, with
 * it, scrolls smoothly unless the visitor prefers reduced motion.
 */
export function GoToTop({ label, offset }: { label: string; offset: number }) {
  const { y } = useScroll()
  const visible = y > offset
  const onClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" })
  }
  return (
    <a
      href="#top"
      className={`go-to-top${visible ? " is-visible" : ""}`}
      aria-label={label}
      onClick={onClick}
      tabIndex={visible ? undefined : -1}
      aria-hidden={visible ? undefined : true}
    >
      <ArrowUpIcon aria-hidden="true" size={20} />
    </a>
  )
}
