/** A full page load (a server route or another site), which the router cannot do. */
export function leaveFor(url: string): void {
  window.location.replace(url);
}
