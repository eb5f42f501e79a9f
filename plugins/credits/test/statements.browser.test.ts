import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { openPage } from '../../../site/test/browser.ts';
import { demoBrowserSuite, hydrated, signIn } from '../../accounts/test/browser.ts';
import { monthName, monthOf, shiftMonth } from '../months.ts';

const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
/** How a statement line's money came, as the summary says it: "(30 credits, 12 plays)". */
const basis = (l: { credits: number; plays: number; listeningCents: number }) =>
  [l.credits && `${l.credits} credits`, l.listeningCents && `${l.plays} ${l.plays === 1 ? 'play' : 'plays'}`]
    .filter(Boolean)
    .join(', ');

describe('statements and transparency in the browser', function () {
  this.timeout(120_000);
  const suite = demoBrowserSuite();
  const current = monthOf(new Date());
  const last = shiftMonth(current, -1);

  it(
    'shows the fan where their fee went, month by month, ' + 'what follows their listening, and follows an allocation',
    async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url);
      await signIn(page);
      await page.goto('/credits');
      await hydrated(page);
      const section = page.getByRole('region', { name: 'Your statement' });
      const summary = section.getByTestId('fan-statement-summary');
      // The demo listener gave nothing yet this month but played: the vault says where the money goes.
      const now = await (await page.request.get('/api/credits/statements/fan')).json();
      expect(now).to.include({ unallocatedCents: 0, listeningCents: 699, followsListening: true });
      const listening = page.getByTestId('vault-listening');
      expect(await listening.textContent()).to.equal(
        `Your 100 unallocated credits follow your listening: ${now.lines
          .map(
            (l: { name: string; listeningCents: number; plays: number }) =>
              `${l.name} ${euros(l.listeningCents)} (${l.plays} plays)`,
          )
          .join(', ')} so far. Give them to artists before the month ends to choose yourself.`,
      );
      expect(await summary.textContent()).to.include(
        `Your €9.99 in ${monthName(current)} → €6.99 to artists: Nova Harbor`,
      );
      expect(await section.getByTestId('fan-statement-listening').allTextContents()).to.deep.equal(
        now.lines.map(
          (l: { listeningCents: number; plays: number }) => `${euros(l.listeningCents)} (${l.plays} plays)`,
        ),
      );

      await section.getByLabel('Month').selectOption({ label: monthName(last) });
      await summary.filter({ hasText: `in ${monthName(last)} → €6.99 to artists:` }).waitFor();
      const api = (await page.request.get(`/api/credits/statements/fan?month=${last}`)).json();
      const { lines } = await api;
      expect(lines.length).to.be.at.least(3);
      for (const line of lines)
        expect(await summary.textContent()).to.include(`${line.name} ${euros(line.amountCents)} (${basis(line)})`);
      const table = section.getByRole('table', { name: `Where your €9.99 went in ${monthName(last)}` });
      const amounts = await table.locator('tbody tr td:last-child').allTextContents();
      const cents = amounts.map((text) => Math.round(Number(text.replace('€', '')) * 100));
      expect(cents.reduce((a, b) => a + b, 0)).to.equal(999);
      expect(await table.locator('tfoot').textContent()).to.include('€9.99');
      expect(await section.textContent()).to.include('This statement is final.');

      // Back to this month, then an allocation made in the vault shows up in its statement.
      await section.getByLabel('Month').selectOption({ label: monthName(current) });
      await summary.filter({ hasText: `in ${monthName(current)}` }).waitFor();
      await page.getByRole('button', { name: 'Allocate Credits' }).click();
      const dialog = page.getByRole('dialog', { name: 'Allocate Credits' });
      await dialog.getByLabel('Artist').selectOption({ label: 'Kai Rocks (Rock)' });
      await dialog.getByLabel('Credits').fill('10');
      await dialog.getByRole('button', { name: 'Allocate', exact: true }).click();
      await listening.filter({ hasText: 'Your 90 unallocated credits follow your listening: ' }).waitFor();
      await summary.filter({ hasText: 'Kai Rocks' }).filter({ hasText: '(10 credits, ' }).waitFor();
      expect(errors).to.deep.equal([]);
    },
  );

  it('shows the month a fan picked as the vault started hydrating', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await signIn(page);
    // The pick lands after Astro started React on the vault and before React committed: an event then
    // makes React finish hydrating there and then, and the vault's first render after it set the
    // select back to the month in its state before the event reached it (site/directives/islandForms.ts).
    await page.addInitScript(
      (month) =>
        document.addEventListener(
          'astro:hydrate',
          (event) => {
            const select = (event.target as Element).querySelector<HTMLSelectElement>('#fan-statement-month');
            if (!select) return;
            queueMicrotask(() => {
              select.value = month;
              for (const type of ['input', 'change']) select.dispatchEvent(new Event(type, { bubbles: true }));
            });
          },
          { capture: true },
        ),
      last,
    );
    await page.goto('/credits');
    await hydrated(page);
    await page
      .getByTestId('fan-statement-summary')
      .filter({ hasText: `in ${monthName(last)} → €6.99 to artists:` })
      .waitFor();
    expect(await page.getByLabel('Month', { exact: true }).inputValue()).to.equal(last);
    expect(errors).to.deep.equal([]);
  });

  it('gives the artist their statement with how it was computed, and downloads it as CSV', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, { acceptDownloads: true });
    await signIn(page, 'novaharbor');
    await page.goto('/credits');
    await hydrated(page);
    const section = page.getByRole('region', { name: 'Your artist statement' });
    await section.getByLabel('Month').selectOption({ label: monthName(last) });
    const explanation = section.getByTestId('artist-statement-explanation');
    await explanation.filter({ hasText: `In ${monthName(last)}, ` }).waitFor();
    const json = await (await page.request.get(`/api/credits/statements/artist?month=${last}`)).json();
    expect(json.fans).to.be.greaterThan(1);
    // Demo fans both chose and played Nova Harbor: the two kinds of money, apart.
    expect(json.listeningCents).to.be.greaterThan(0);
    expect(json.creditsCents).to.be.greaterThan(0);
    expect(await explanation.textContent()).to.include(
      `${json.fans} fans chose or played you (${json.credits} credits given)`,
    );
    expect(await section.getByTestId('artist-statement-amount').textContent()).to.equal(euros(json.amountCents));
    expect(await section.getByTestId('artist-statement-from-credits').textContent()).to.equal(euros(json.creditsCents));
    expect(await section.getByTestId('artist-statement-from-listening').textContent()).to.equal(
      euros(json.listeningCents),
    );
    expect(json.creditsCents + json.listeningCents).to.equal(json.amountCents);
    expect(await explanation.textContent()).to.include(
      'the platform keeps 30\u00a0% (€3.00), which leaves €6.99 per fan',
    );
    expect(
      await section
        .getByRole('table', { name: /Fan by fan/ })
        .locator('tbody tr')
        .count(),
    ).to.equal(json.lines.length);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).to.equal(`onetrack-statement-${last}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[0]).to.equal(
      'month,artist,fan,credits,fan_credits,amount_cents,amount,' +
        'plays,fan_plays,from_credits_cents,from_listening_cents',
    );
    expect(rows.length).to.equal(json.lines.length + 2);
    expect(rows.at(-1)).to.equal(
      [
        last,
        'Nova Harbor',
        'total',
        json.credits,
        '',
        json.amountCents,
        euros(json.amountCents),
        json.plays,
        '',
        json.creditsCents,
        json.listeningCents,
      ].join(','),
    );
    expect(errors).to.deep.equal([]);
  });

  it('publishes every closed month on /transparency, linked from the navigation', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Transparency' }).click();
    await page.getByRole('heading', { name: 'Transparency', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Money in and out, per closed month' });
    const { months } = await (await page.request.get('/api/transparency')).json();
    expect(months.map((m: { month: string }) => m.month)).to.deep.equal(
      [1, 2, 3, 4].map((n) => shiftMonth(current, -n)),
    );
    const row = table.locator(`tr[data-month="${last}"]`);
    const cells = await row.locator('th, td').allTextContents();
    expect(cells[0]).to.equal(monthName(last));
    expect(cells.slice(1, 3)).to.deep.equal([String(months[0].payingFans), euros(months[0].grossCents)]);
    // The demo accounts are members: no included first month (OneTrack paid nothing) that month.
    expect([months[0].trialFans, cells[3]]).to.deep.equal([0, '0']);
    expect(cells[4]).to.equal(`${euros(months[0].platformCents)} (30\u00a0%)`);
    expect(cells[5]).to.equal(euros(months[0].artistsCents));
    expect(await table.locator('thead th').allTextContents()).to.include.members([
      'Median payout',
      'Top-10 share',
      'Artists paid',
      'Included first months',
    ]);

    // Beside pro-rata from the same plays: two charts (a bar per split and month) and the table.
    const compared = months.filter((m: { fairness: unknown }) => m.fairness !== null);
    expect(compared).to.have.length(4);
    for (const id of ['chart-top1', 'chart-gini'])
      expect(await page.getByTestId(id).locator('svg rect').count(), id).to.equal(2 * compared.length);
    const gini = page.getByRole('table', { name: 'Gini coefficient of payouts, per closed month' });
    expect(await gini.locator('tbody tr').first().locator('td').allTextContents()).to.deep.equal([
      compared.at(-1).fairness.oneTrack.gini.toFixed(2),
      compared.at(-1).fairness.prorata.gini.toFixed(2),
    ]);
    const fairness = page.getByRole('table', { name: 'OneTrack · pro-rata, per closed month' });
    const cells2 = await fairness.locator(`tr[data-month="${last}"] td`).allTextContents();
    const f = months[0].fairness;
    expect(cells2[3]).to.equal(`${f.oneTrack.gini.toFixed(2)} · ${f.prorata.gini.toFixed(2)}`);
    expect(cells2[4]).to.equal(`${euros(f.oneTrack.medianCents)} · ${euros(f.prorata.medianCents)}`);
    // The demo's heavy players of two artists would take most of everyone's money under pro-rata.
    expect(f.prorata.gini).to.be.greaterThan(f.oneTrack.gini);
    expect(errors).to.deep.equal([]);

    // Server-rendered (the figures are in the HTML itself) and kept by the page cache for visitors.
    const anonymous = suite.server.client();
    const first = await anonymous.get('/transparency');
    expect(first.text)
      .to.include('<caption>Money in and out, per closed month</caption>')
      .and.include(euros(months[0].grossCents));
    const again = await anonymous.get('/transparency');
    expect(again.headers.get('x-page-cache')).to.equal('hit');
    expect(again.text).to.equal(first.text);
  });
});
