import * as React from "react"

/** The ids on /estimate whose links should land on the factor table: the method's heading (the estimator's "and the sources") and the table's own */
const HASHES = ["#how-we-estimate", "#estimate-factors"]

/**
 * Opens the estimate method's factor table (a closed <details>) when the
 * address's hash leads to it, on arrival and on each hash change: the
 * sources are one click away. It finds the element each time rather than by
 * ref, as the method's server HTML is on the page before its code
 * (src/pages/estimate.tsx): the page calls it for that HTML, the method for
 * its own render after a page change.
 */
export function useFactorsOpenOnHash(): void {
  React.useEffect(() => {
    const open = () => {
      const details = document.querySelector("details.estimate-factors")
      if (details instanceof HTMLDetailsElement && HASHES.includes(window.location.hash)) details.open = true
    }
    open()
    window.addEventListener("hashchange", open)
    return () => window.removeEventListener("hashchange", open)
  }, [])
}
