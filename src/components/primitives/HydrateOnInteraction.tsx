import * as React from "react"
import { hydrateRoot, type Root } from "react-dom/client"
import { LanguageContext, useLanguage } from "../../hooks/use-language"
import { OnScreenSince } from "../../hooks/use-on-screen-since"

/** What reaching into a part looks like: a pointer, a finger, the keyboard, or focus arriving by Tab */
const INTERACTIONS = ["focusin", "pointerdown", "touchstart", "keydown"] as const

/**
 * True once the first page has hydrated: a part mounted after that comes with
 * a page change, a client render with no server HTML to keep, so its code is
 * fetched at once.
 */
let pageHydrated = false

/** Whether two props objects hold the same values, key by key */
function shallowEqual(a: object, b: object): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key as keyof typeof a], b[key as keyof typeof b]))
}

/** The element that holds a deferred part's HTML; it takes no box of its own */
const ISLAND = { "data-island": "", style: { display: "contents" } } as const

/**
 * The server's HTML of a part, kept: React owns the element's inner HTML as
 * an empty string it never changes. Mounted when its Suspense boundary has
 * hydrated (which may be after the page's other effects), so the waiting
 * starts here.
 */
function Island({ mount }: { mount: (container: HTMLElement) => () => void }) {
  const host = React.useRef<HTMLDivElement>(null)
  React.useEffect(() => (host.current ? mount(host.current) : undefined), [mount])
  return <div {...ISLAND} ref={host} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
}

/**
 * A part of the page whose code comes after the page's: the server renders it
 * in full, and in the browser its HTML is an island the page's React never
 * touches (an element whose inner HTML React owns as a string and never
 * changes). Its code is fetched the first time a visitor reaches into it, or
 * once the page has hydrated where `now` says so, and a React root of its own
 * then hydrates the island in place: the same nodes, what was typed, the
 * focus. Until then the HTML works as plain HTML: a form posts plainly.
 *
 * Not a Suspense boundary left dehydrated: React throws such a boundary's
 * HTML away at any change of context above it, and the router's changes with
 * every in-page link (#about, the skip link), which emptied the footer's form.
 *
 * The part's own root gets the page's language and when the part went live
 * (OnScreenSince: a form's fill time counts from then, not from the keystroke
 * that fetched its code); it sees no other context of the page.
 *
 * `region`: a selector for the part's root element; the part is an island
 * only where the server's HTML has it (interactions count anywhere inside).
 * `now`: asked once the page has hydrated; true fetches the code then (the
 * part's HTML cannot show what the visitor came for, such as inputs the
 * address carries).
 */
export function hydrateOnInteraction<P extends object>(
  region: string,
  load: () => Promise<React.ComponentType<P>>,
  { now = () => false }: { now?: () => boolean } = {},
) {
  let code: Promise<React.ComponentType<P>> | undefined
  const fetchCode = () => (code ??= load())
  // On the server, and in a client render after a page change: rendered in full. Gatsby's renderer
  // (renderToPipeableStream, written out on onAllReady) waits for it; renderToString would not.
  const Part = React.lazy(async () => ({ default: await fetchCode() })) as unknown as React.ComponentType<P>

  function Deferred(props: P) {
    // an island only where the server's HTML is there to keep: not in a page change, nor a page rendered in the browser alone
    const [island] = React.useState(() => typeof window !== "undefined" && !pageHydrated && document.querySelector(region) !== null)
    const [since] = React.useState(() => performance.now())
    const language = useLanguage()
    const root = React.useRef<Root>()
    const latest = React.useRef({ props, language })
    const element = React.useCallback(
      (Component: React.ComponentType<P>) => (
        <LanguageContext.Provider value={latest.current.language}>
          <OnScreenSince.Provider value={since}>
            <Component {...latest.current.props} />
          </OnScreenSince.Provider>
        </LanguageContext.Provider>
      ),
      [since],
    )

    /** Waits for the first interaction (or `now`), then hydrates the island with a root of its own; returns the cleanup */
    const mount = React.useCallback(
      (container: HTMLElement) => {
        let stopped = false
        const hydrate = () => {
          stop()
          void fetchCode()
            .then((Component) => {
              if (stopped || root.current) return
              // in a transition, as the page is (gatsby-browser): React hydrates the part in slices of
              // about 5 ms, so a large one (the calculator) does not hold the main thread in one long task
              React.startTransition(() => {
                root.current = hydrateRoot(container, element(Component))
              })
            })
            // a chunk that fails to arrive leaves the island's HTML as it is, posting plainly
            .catch(() => {})
        }
        const within = (target: EventTarget | null) => target instanceof Node && container.contains(target)
        const onInteraction = (event: Event) => {
          if (within(event.target)) hydrate()
        }
        // on the document, in the capture phase: before anything inside can stop the event
        const stop = () => INTERACTIONS.forEach((type) => document.removeEventListener(type, onInteraction, true))
        INTERACTIONS.forEach((type) => document.addEventListener(type, onInteraction, { capture: true, passive: true }))
        // a visitor already in the part while the page hydrated, or a part its HTML cannot stand for
        if (within(document.activeElement) || now()) hydrate()
        return () => {
          stopped = true
          stop()
          const mounted = root.current
          root.current = undefined
          // not while React is rendering the page that removes the island
          if (mounted) setTimeout(() => mounted.unmount())
        }
      },
      [element],
    )

    React.useEffect(() => {
      pageHydrated = true
    }, [])

    // later props (other page data, a language) reach the part's own root; a render of the page
    // that changes neither (a router update, the host's own state) leaves the part alone
    React.useEffect(() => {
      const before = latest.current
      if (before.language === language && shallowEqual(before.props, props)) return
      latest.current = { props, language }
      if (root.current && code) {
        void code.then((Component) => React.startTransition(() => root.current?.render(element(Component))))
      }
    })

    if (island)
      return (
        <React.Suspense fallback={null}>
          <Island mount={mount} />
        </React.Suspense>
      )
    return (
      <React.Suspense fallback={null}>
        <div {...ISLAND}>
          <OnScreenSince.Provider value={since}>
            <Part {...props} />
          </OnScreenSince.Provider>
        </div>
      </React.Suspense>
    )
  }
  return Deferred
}
