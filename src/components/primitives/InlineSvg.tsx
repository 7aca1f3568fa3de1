import * as React from "react"
import type { SvgNode } from "../../content/inline-svg"

/** An SVG attribute as React names it: fill-rule is fillRule; viewBox stays. */
function propName(attribute: string): string {
  return attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
}

function props(attributes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(attributes).map(([name, value]) => [propName(name), value]))
}

function Shape({ node }: { node: SvgNode }): React.ReactElement {
  return React.createElement(node.name, props(node.attributes), ...node.children.map((child, index) => <Shape key={index} node={child} />))
}

interface Props {
  /** a tree from src/content/inline-svg.ts (File.inlineSvg): shapes and paint only */
  tree: SvgNode
  width: number
  height: number
  className?: string
}

/**
 * A small drawing (the logo) as part of the page's own markup, decorative:
 * whatever it sits in names it.
 */
export function InlineSvg({ tree, width, height, className }: Props) {
  return (
    <svg {...props(tree.attributes)} width={width} height={height} className={className} aria-hidden="true" focusable="false">
      {tree.children.map((child, index) => (
        <Shape key={index} node={child} />
      ))}
    </svg>
  )
}
