/**
 * The client's address: the last entry of X-Forwarded-For, which is the one the nearest proxy
 * appended (Next.js fills the header with the socket's address when a request comes without
 * one). Served with no proxy in front, a client can name its own address here: docs/console.md
 * says what that leaves.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for") ?? "";
  const last = forwarded.split(",").at(-1)?.trim() ?? "";
  return last === "" ? "unknown" : last.slice(0, 100);
}
