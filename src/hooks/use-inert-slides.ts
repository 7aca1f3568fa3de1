import { useEffect, type RefObject } from "react"

function sync(root: HTMLElement): void {
  root.querySelectorAll<HTMLElement>(".slick-slide").forEach((slide) => {
    // react-slick marks slides that are not shown (and its clones) aria-hidden
    // but leaves their links focusable; inert takes them out of the tab order too.
    // Attributes are only written when they change: the observer below watches them.
    const clone = slide.classList.contains("slick-cloned")
    if (clone && slide.getAttribute("aria-hidden") !== "true") slide.setAttribute("aria-hidden", "true")
    const hidden = clone || slide.getAttribute("aria-hidden") === "true"
    if (slide.hasAttribute("inert") !== hidden) slide.toggleAttribute("inert", hidden)
  })
}

/** Keeps every slide react-slick hides out of the tab order and the accessibility tree. */
export function useInertSlides(root: RefObject<HTMLElement>): void {
  useEffect(() => {
    const element = root.current
    if (!element) return
    sync(element)
    const observer = new MutationObserver(() => sync(element))
    observer.observe(element, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-hidden", "class"] })
    return () => observer.disconnect()
  }, [root])
}
