import { expect } from 'chai';
import { openPage } from './browser.ts';
import { demoBrowserSuite, hydrated } from '../../plugins/accounts/test/browser.ts';

// Issue 43: a visit and a sign-up in Spanish, the shell mirrored in Arabic, French suggested to a
// browser that prefers it; one demo server and browser for all three.
describe('the site in three languages (one right-to-left)', function () {
  this.timeout(120_000);
  const suite = demoBrowserSuite();

  it('visits and signs up in Spanish, checks a form in Spanish, and lands on the welcome in Spanish', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await page.goto('/es');
    expect(await page.locator('html').getAttribute('lang')).to.equal('es');
    await hydrated(page);
    expect(
      await page
        .getByRole('navigation', { name: 'Navegación principal' })
        .getByRole('link', { name: 'Descubrir' })
        .getAttribute('href'),
    ).to.equal('/es/discover');
    await page.getByRole('link', { name: 'Únete al movimiento' }).click();
    await page.waitForURL(`${suite.server.url}/es/auth?tab=register`);
    await hydrated(page);
    const form = page.locator('form[aria-label="Registrarse"]');
    await form.getByLabel('Nombre completo').fill('Lucía Pérez');
    await form.getByLabel('Nombre de usuario').fill('lucia');
    await form.getByLabel('Correo electrónico').fill('lucia@example.com');
    await form.getByLabel('Contraseña').fill('abc');
    await form.getByRole('button', { name: 'Crear cuenta' }).click();
    await form.getByText('La contraseña debe tener al menos 6 caracteres').waitFor();
    await form.getByLabel('Contraseña').fill('luciasecret');
    await form.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL(`${suite.server.url}/es/welcome`);
    expect(await page.locator('html').getAttribute('lang')).to.equal('es');
    await page.getByTestId('toast').filter({ hasText: 'Registro completado' }).waitFor();
    expect(errors).to.deep.equal([]);
  });

  it('mirrors the shell in Arabic: the sidebar on the right, the text right-aligned', async () => {
    const { page } = await openPage(suite.browser, suite.server.url, { viewport: { width: 1366, height: 900 } });
    await page.goto('/ar/auth');
    expect(await page.locator('html').getAttribute('dir')).to.equal('rtl');
    await hydrated(page);
    const sidebar = (await page.locator('#sidebar').boundingBox())!;
    expect(sidebar.x, 'sidebar on the right').to.be.greaterThan(1366 / 2);
    const label = page.locator('form[aria-label="تسجيل الدخول"]').getByText('اسم المستخدم', { exact: true });
    expect(await label.evaluate((el) => getComputedStyle(el).direction)).to.equal('rtl');
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await page.getByText('اسم المستخدم مطلوب').waitFor();
    // On a phone the drawer comes in from the right edge.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'إظهار الشريط الجانبي أو إخفاؤه' }).click();
    await page.waitForFunction(() => {
      const box = document.getElementById('sidebar')!.getBoundingClientRect();
      return Math.round(box.right) === 375 && box.left > 0;
    });
  });

  it(
    'suggests French to a browser that prefers it, without redirecting, and ' + 'forgets the offer once dismissed',
    async () => {
      const { page } = await openPage(suite.browser, suite.server.url, { locale: 'fr-FR' });
      await page.goto('/');
      expect(await page.locator('html').getAttribute('lang')).to.equal('en');
      const banner = page.getByTestId('locale-banner');
      await banner.getByText('Lire OneTrack en français ?').waitFor();
      await hydrated(page);
      await banner.getByRole('button', { name: 'Non merci' }).click();
      await banner.waitFor({ state: 'detached' });
      await page.goto('/artists');
      expect(await page.getByTestId('locale-banner').count()).to.equal(0);
      await page.goto('/fr/artists');
      expect(await page.locator('html').getAttribute('lang')).to.equal('fr');
    },
  );
});
