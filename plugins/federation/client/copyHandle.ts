// Started with the page scripts (site/lib/pageScripts.ts, the `page.start` hook) rather than as a
// component's own <script>: an inline module script on the artist page made the router insert a
// data: script on navigation, which the Content-Security-Policy refuses. One listener on the
// document serves every artist page the router swaps in.
export default function startCopyHandle(): void {
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-copy-handle]');
    const input = button?.parentElement?.querySelector<HTMLInputElement>('[data-fediverse-handle]');
    if (!button || !input) return;
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      // The page wrote both texts in its language (FollowOnFediverse.astro): no catalogue in this script.
      button.textContent = button.dataset.copied ?? '';
    } catch {
      button.textContent = button.dataset.copyByHand ?? '';
    }
  });
}
