import { startTransition, useEffect, useState } from "react"

/**
 * Like useSyncExternalStore with a server snapshot, for values the server
 * cannot know (media queries): the page hydrates with `serverSnapshot`, and
 * the first client value lands in a transition. useSyncExternalStore would
 * re-render every reader synchronously right after hydration instead, in one
 * long task; a transition renders in short slices. Later changes (the
 * visitor switching a setting, rotating the phone) apply at once.
 *
 * `subscribe` and `getSnapshot` must keep their identity between renders.
 */
export function useClientSnapshot<T>(subscribe: (notify: () => void) => () => void, getSnapshot: () => T, serverSnapshot: T): T {
  const [value, setValue] = useState(serverSnapshot)
  useEffect(() => {
    startTransition(() => setValue(getSnapshot()))
    return subscribe(() => setValue(getSnapshot()))
  }, [subscribe, getSnapshot])
  return value
}
