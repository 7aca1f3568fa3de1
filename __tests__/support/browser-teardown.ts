export default async function teardown(): Promise<void> {
  const shared = globalThis as unknown as { __teardown?: () => Promise<void> }
  await shared.__teardown?.()
}
