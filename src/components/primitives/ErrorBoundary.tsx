import * as React from "react"

interface Props {
  /** Shown in the children's place once one of them has thrown while rendering */
  fallback: React.ReactNode
  children: React.ReactNode
}

/**
 * Keeps a failure inside one section: without it an error thrown while
 * rendering unmounts the whole page (React's rule), and a shared link with
 * an input nobody foresaw leaves the visitor a blank page. A class because
 * React catches render errors only in a class's getDerivedStateFromError.
 */
export class ErrorBoundary extends React.Component<Props, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  render(): React.ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
