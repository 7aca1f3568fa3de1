import * as React from "react"

/**
 * When a part the server rendered went live on the page (performance.now()),
 * for a part whose code arrives later (hydrateOnInteraction): its HTML was
 * there all along, so a form's fill time counts from then, not from the
 * keystroke that fetched its code. Undefined for a part hydrated with the page.
 */
export const OnScreenSince = React.createContext<number | undefined>(undefined)

export function useOnScreenSince(): number | undefined {
  return React.useContext(OnScreenSince)
}
