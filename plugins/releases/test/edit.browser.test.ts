import { expect } from 'chai';
import { openPage } from '../../../site/test/browser.ts';
import { demoBrowserSuite, hydrated, signIn } from '../../accounts/test/browser.ts';

// Issue 44 point 3 as the artist walks it: their track page's "Edit release", the wizard's check under
// the title, then the new title on the track page at once.

describe('releases: editing a release in the browser', function () {
  this.timeout(90_000);
  const suite = demoBrowserSuite();

  it('edits the title from the track page and shows it there at once', async () => {
    const tracks = (await suite.server.client().get(`/api/artists/${suite.nova.id}/tracks`)).body as Array<{
      id: number;
      title: string;
    }>;
    const track = tracks[0];
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    // A visitor's track page offers no edit.
    await page.goto(`/tracks/${track.id}`);
    expect(await page.getByTestId('edit-release').count()).to.equal(0);
    await signIn(page, 'novaharbor');
    await page.goto(`/tracks/${track.id}`);
    await page.getByTestId('edit-release').click();
    await page.waitForURL(`**/releases/${track.id}/edit`);
    await hydrated(page);
    const title = page.getByLabel('Release Title');
    expect(await title.inputValue()).to.equal(track.title);
    // The lyrics feature's section, through release.edit-sections.
    expect(await page.getByTestId('edit-lyrics').getByRole('link').getAttribute('href')).to.equal(
      `/tracks/${track.id}/lyrics`,
    );
    await title.fill('x');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Title must be at least 2 characters').waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'edit-title');
    await title.fill('Harbor Lights (Edited)');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`**/tracks/${track.id}`);
    expect((await page.locator('h1').first().textContent())?.trim()).to.equal('Harbor Lights (Edited)');
    // A visitor sees it too, on the artist page's list as well.
    const visitor = await openPage(suite.browser, suite.server.url);
    await visitor.page.goto(`/artist/${suite.nova.id}`);
    await visitor.page.getByText('Harbor Lights (Edited)').first().waitFor();
    expect([...errors, ...visitor.errors]).to.deep.equal([]);
  });

  it('lists the artist’s releases with their edit screens on the dashboard; another’s is not found', async () => {
    const { page } = await openPage(suite.browser, suite.server.url);
    await signIn(page, 'novaharbor');
    await page.goto('/dashboard');
    const list = page.getByTestId('your-releases');
    const first = list.getByRole('link', { name: /^Edit “/ }).first();
    expect(await first.getAttribute('href')).to.match(/^\/releases\/\d+\/edit$/);
    const other = (await suite.server.client().get('/api/artists')).body.find(
      (a: { id: number }) => a.id !== suite.nova.id,
    );
    const theirs = (await suite.server.client().get(`/api/artists/${other.id}/tracks`)).body[0];
    const res = await page.goto(`/releases/${theirs.id}/edit`);
    expect(res?.status()).to.equal(404);
    await page.getByRole('heading', { name: 'Release Not Found' }).waitFor();
  });
});
