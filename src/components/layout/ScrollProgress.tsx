import * as React from "react"
import { useScroll } from "../../hooks/use-scroll"
import "./ScrollProgress.css"

/** A thin line at the top of the page whose width is the share of the page scrolled. */
export function ScrollProgress() {
  const { progress } = useScroll()
  return (
    <div className="scroll-progress" aria-hidden="true">
      <div className="scroll-progress__bar" style={{ transform: `scaleX(${progress / 100})` }} data-progress={Math.round(progress)} />
    </div>
  )
}
