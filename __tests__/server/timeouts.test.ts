/**
 * The production server and slow clients: a request whose headers or body
 * dribble in is closed within its limits, and a stop with such clients still
 * connected ends within the shutdown bound. Real server processes on loopback.
 */
import net from "net"
import { cleanUpAll, startFormServer, waitUntil, type FormServer } from "../support/form-server"
import { sleep } from "../support/sleep"

jest.setTimeout(120_000)
afterAll(() => cleanUpAll())

describe("a request that arrives too slowly", () => {
  let server: FormServer
  beforeAll(async () => {
    server = await startFormServer({ SERVER_HEADERS_TIMEOUT_MS: "1000", SERVER_REQUEST_TIMEOUT_MS: "2000" })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("closes a request whose headers or body arrive too slowly", async () => {
    const timed = (send: (socket: net.Socket) => void) =>
      new Promise<number>((resolve) => {
        const started = Date.now()
        const socket = net.connect(Number(new URL(server.url).port), "127.0.0.1", () => send(socket))
        socket.on("data", () => undefined)
        socket.on("error", () => undefined)
        socket.on("close", () => resolve(Date.now() - started))
      })
    // the body of a POST, one byte every 500 ms (the attack sent one every 10 s and stayed 90 s and more)
    const body = await timed((socket) => {
      socket.write(`POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`)
      const drip = setInterval(() => (socket.writable ? socket.write("x") : clearInterval(drip)), 500)
      socket.on("close", () => clearInterval(drip))
    })
    // headers that never end
    const headers = await timed((socket) => {
      socket.write("GET / HTTP/1.1\r\nHost: x\r\n")
      const drip = setInterval(() => (socket.writable ? socket.write("X-A: b\r\n") : clearInterval(drip)), 300)
      socket.on("close", () => clearInterval(drip))
    })
    console.log(`FORMS-SLOW body closed after ${body} ms (limit 2000), headers after ${headers} ms (limit 1000)`)
    expect(body).toBeLessThan(4_000)
    expect(headers).toBeLessThan(3_500)
  })
})

describe("a stop with slow clients still connected", () => {
  it("ends within the shutdown bound", async () => {
    const server = await startFormServer({ SERVER_SHUTDOWN_TIMEOUT_MS: "1500", SERVER_REQUEST_TIMEOUT_MS: "60000", SERVER_HEADERS_TIMEOUT_MS: "60000" })
    const sockets = [0, 1].map(() => {
      const socket = net.connect(Number(new URL(server.url).port), "127.0.0.1", () => {
        socket.write(`POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`)
      })
      socket.on("error", () => undefined)
      return socket
    })
    await sleep(300)
    const started = Date.now()
    process.kill(-server.child.pid!, "SIGTERM")
    await waitUntil(() => server.child.exitCode !== null || server.child.signalCode !== null, 10_000, "the server did not stop")
    const took = Date.now() - started
    console.log(`FORMS-SHUTDOWN stopped ${took} ms after SIGTERM with 2 slow clients (bound 1500 ms; it was about 38 s)`)
    expect(took).toBeLessThan(4_000)
    for (const socket of sockets) socket.destroy()
    await server.stop()
  })
})
