/** Whether an IP address (as a socket reports it) is a loopback one: 127.0.0.0/8, ::1, or IPv4-mapped 127.x. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1' || address === '0:0:0:0:0:0:0:1';
}
