import net from "net"

/**
 * A client's network instead of its address: IPv4 cut to /24 (203.0.113.0),
 * IPv6 to /48 (2001:db8:1::), an IPv4-mapped IPv6 address as IPv4. Enough to
 * see that many posts came from one place, not who sent them. The rate
 * limiter still uses the whole address, in memory only.
 */
export function networkOf(address: string): string | undefined {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  const ip = mapped ? mapped[1]! : address
  if (net.isIPv4(ip)) return `${ip.split(".").slice(0, 3).join(".")}.0`
  if (!net.isIPv6(ip)) return undefined
  const [head = "", tail = ""] = ip.split("::")
  const headParts = head ? head.split(":") : []
  const tailParts = tail ? tail.split(":") : []
  const groups = ip.includes("::") ? [...headParts, ...Array(8 - headParts.length - tailParts.length).fill("0"), ...tailParts] : headParts
  return `${groups
    .slice(0, 3)
    .map((group) => group.replace(/^0+(?=.)/, "").toLowerCase())
    .join(":")}::`
}
