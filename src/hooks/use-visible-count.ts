import { useCallback } from "react"
import { useClientSnapshot } from "./use-client-snapshot"

export interface VisibleSteps {
  /** Items visible above every breakpoint */
  visible: number
  /** Fewer items at viewport widths up to and including maxWidth */
  responsive: readonly { maxWidth: number; visible: number }[]
}

const query = (maxWidth: number) => `(max-width: ${maxWidth}px)`

/**
 * How many carousel items fit the current viewport, from content's
 * breakpoints, re-evaluated when the viewport crosses one. Done here rather
 * than with react-slick's `responsive` option, whose media queries overlap at
 * exactly a breakpoint and, in 0.31, are not evaluated on mount.
 */
export function useVisibleCount(steps: VisibleSteps): number {
  const key = steps.responsive.map((step) => `${step.maxWidth}:${step.visible}`).join(",")
  const subscribe = useCallback(
    (notify: () => void) => {
      const lists = steps.responsive.map((step) => window.matchMedia(query(step.maxWidth)))
      lists.forEach((list) => list.addEventListener("change", notify))
      return () => lists.forEach((list) => list.removeEventListener("change", notify))
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the steps come from content: compared by value (key), not by object identity
    [key],
  )
  const read = useCallback(
    () => {
      const narrowestMatch = [...steps.responsive].sort((a, b) => a.maxWidth - b.maxWidth).find((step) => window.matchMedia(query(step.maxWidth)).matches)
      return narrowestMatch?.visible ?? steps.visible
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the steps come from content: compared by value (key), not by object identity
    [key, steps.visible],
  )
  return useClientSnapshot(subscribe, read, steps.visible)
}
