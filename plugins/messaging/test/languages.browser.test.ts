import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openPage } from '../../../site/test/browser.ts';
import { demoBrowserSuite, hydrated, toastSaying } from '../../accounts/test/browser.ts';

// Issue 43: a newcomer's journey (sign up, Settings, a message to an artist, the inbox, the
// notifications, a search) in three languages, one of them right-to-left, every step in that
// language; screenshots of the screens in Arabic and Spanish at both sizes.
const SHOTS = process.env.I18N_SHOTS_DIR || '/tmp/shots/i18na';

interface Texts {
  register: string;
  fullName: string;
  username: string;
  email: string;
  password: string;
  create: string;
  settingsTabs: string[];
  deleteTitle: string;
  messageButton: string;
  dialogLabel: string;
  send: string;
  sent: string;
  you: string;
  notificationsEmpty: string;
  searchPlaceholder: string;
}

const TEXTS: Record<'es' | 'ar' | 'de', Texts> = {
  es: {
    register: 'Registrarse',
    fullName: 'Nombre completo',
    username: 'Nombre de usuario',
    email: 'Correo electrónico',
    password: 'Contraseña',
    create: 'Crear cuenta',
    settingsTabs: ['Cuenta', 'Seguridad', 'Preferencias', 'Tus datos'],
    deleteTitle: 'Eliminar tu cuenta',
    messageButton: 'Mensaje',
    dialogLabel: 'Tu mensaje',
    send: 'Enviar mensaje',
    sent: '¡Mensaje enviado!',
    you: 'Tú',
    notificationsEmpty: 'Aún no hay notificaciones',
    searchPlaceholder: 'Busca temas, artistas o géneros',
  },
  ar: {
    register: 'إنشاء حساب',
    fullName: 'الاسم الكامل',
    username: 'اسم المستخدم',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    create: 'إنشاء حساب',
    settingsTabs: ['الحساب', 'الأمان', 'التفضيلات', 'بياناتك'],
    deleteTitle: 'احذف حسابك',
    messageButton: 'مراسلة',
    dialogLabel: 'رسالتك',
    send: 'إرسال الرسالة',
    sent: 'تم إرسال الرسالة!',
    you: 'أنت',
    notificationsEmpty: 'لا توجد إشعارات بعد',
    searchPlaceholder: 'ابحث عن مقاطع أو فنانين أو أنواع موسيقية',
  },
  de: {
    register: 'Registrieren',
    fullName: 'Vollständiger Name',
    username: 'Benutzername',
    email: 'E-Mail',
    password: 'Passwort',
    create: 'Konto erstellen',
    settingsTabs: ['Konto', 'Sicherheit', 'Einstellungen', 'Deine Daten'],
    deleteTitle: 'Dein Konto löschen',
    messageButton: 'Nachricht',
    dialogLabel: 'Deine Nachricht',
    send: 'Nachricht senden',
    sent: 'Nachricht gesendet!',
    you: 'Du',
    notificationsEmpty: 'Noch keine Benachrichtigungen',
    searchPlaceholder: 'Tracks, Artists oder Genres suchen',
  },
};

const SIZES = [
  { width: 1366, height: 900 },
  { width: 375, height: 812 },
];

/**
 * Each size loaded afresh, as a phone or a desktop opens it (`again` brings back what the screen
 * showed, an open dialog): no text pushed past the page's edge, and full-page screenshots.
 */
async function look(page: Page, name: string, shoot: boolean, again?: () => Promise<void>) {
  for (const viewport of SIZES) {
    await page.setViewportSize(viewport);
    await page.reload();
    await hydrated(page);
    await again?.();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${viewport.width}: wider than the screen`).to.be.at.most(1);
    if (shoot) await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(SIZES[0]);
  await page.reload();
  await hydrated(page);
  await again?.();
}

describe('a newcomer’s journey in Spanish, Arabic (right-to-left) and German', function () {
  this.timeout(240_000);
  const suite = demoBrowserSuite();
  before(() => mkdirSync(SHOTS, { recursive: true }));

  for (const [locale, t] of Object.entries(TEXTS) as Array<[keyof typeof TEXTS, Texts]>) {
    it(`signs up, opens Settings, messages an artist and reads the inbox in ${locale}`, async () => {
      const shoot = locale !== 'de';
      const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport: SIZES[0] });
      await page.goto(`/${locale}/auth?tab=register`);
      expect(await page.locator('html').getAttribute('lang')).to.equal(locale);
      expect(await page.locator('html').getAttribute('dir')).to.equal(locale === 'ar' ? 'rtl' : 'ltr');
      await hydrated(page);
      const form = page.locator(`form[aria-label="${t.register}"]`);
      await form.getByLabel(t.fullName).fill(`Lena ${locale}`);
      await form.getByLabel(t.username).fill(`lena${locale}`);
      await form.getByLabel(t.email).fill(`lena-${locale}@example.com`);
      await form.getByLabel(t.password).fill('lenasecret');
      await form.getByRole('button', { name: t.create }).click();
      await page.waitForURL(`${suite.server.url}/${locale}/welcome`);

      await page.goto(`/${locale}/profile?tab=data`);
      await hydrated(page);
      for (const tab of t.settingsTabs) await page.getByRole('tab', { name: tab, exact: true }).waitFor();
      await page.getByRole('heading', { name: t.deleteTitle }).waitFor();
      await look(page, `settings-data-${locale}`, shoot);
      await page.goto(`/${locale}/profile?tab=security`);
      await hydrated(page);
      await page.getByTestId('sessions').waitFor();
      await look(page, `settings-security-${locale}`, shoot, () => page.getByTestId('sessions').waitFor());

      const artist = await suite.server.app.kernel.knex('artists').whereNotNull('userId').first('id', 'name');
      await page.goto(`/${locale}/artist/${artist.id}`);
      await hydrated(page);
      const dialog = page.getByRole('dialog');
      const write = async () => {
        await page.getByRole('button', { name: t.messageButton, exact: true }).click();
        await dialog.getByLabel(t.dialogLabel).fill('¡Hola! مرحبا! Hallo!');
      };
      await write();
      await look(page, `message-dialog-${locale}`, shoot, write);
      await dialog.getByRole('button', { name: t.send }).click();
      await toastSaying(page, t.sent);

      await page.goto(`/${locale}/messages`);
      await hydrated(page);
      const read = async () => {
        await page.getByRole('button', { name: new RegExp(artist.name) }).click();
        await page.locator('.inbox-message.mine').getByText(t.you, { exact: false }).waitFor();
      };
      await read();
      await look(page, `messages-${locale}`, shoot, read);

      await page.goto(`/${locale}/notifications`);
      await page.getByTestId('notifications-empty').getByText(t.notificationsEmpty).waitFor();
      await look(page, `notifications-${locale}`, shoot);

      await page.goto(`/${locale}/search?q=zzzz`);
      expect(await page.locator('form.search-page-form input[type="search"]').getAttribute('placeholder')).to.equal(
        t.searchPlaceholder,
      );
      await look(page, `search-${locale}`, shoot);
      expect(errors).to.deep.equal([]);
    });
  }
});
