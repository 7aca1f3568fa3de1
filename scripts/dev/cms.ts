/**
 * `npm run cms`: the CMS's local backend on http://127.0.0.1:8081 (CMS_LOCAL_PORT to change it), so that
 * /admin under `npm run develop` (http://localhost:8000/admin/) saves into
 * this checkout's content/. Stop it with Ctrl+C.
 */
import { startLocalBackend } from "./cms-local-backend"

startLocalBackend()
  .then((backend) => {
    console.log(`CMS local backend on ${backend.url}, editing ${process.cwd()}/content`)
    console.log("Open http://localhost:8000/admin/ while `npm run develop` runs; saves go straight into content/.")
    const stop = () => backend.close().then(() => process.exit(0))
    process.on("SIGINT", stop)
    process.on("SIGTERM", stop)
  })
  .catch((error: NodeJS.ErrnoException) => {
    console.error(error.code === "EADDRINUSE" ? "Port 8081 is taken: is `npm run cms` running already?" : `The CMS backend did not start: ${error.message}`)
    process.exit(1)
  })
