/**
 * The token of a mailed link, from the URL's fragment (which no server and no request log sees),
 * then removed from the address bar and history so it is not kept or shared by accident.
 */
export function takeLinkToken(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (window.location.hash) history.replaceState(history.state, '', window.location.pathname + window.location.search);
  return token;
}
