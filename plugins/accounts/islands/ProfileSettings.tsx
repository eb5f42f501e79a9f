import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { checkFields, maxLengthOf } from '../../../api/validation/rules.ts';
import { LimitedText } from '../../../site/components/LimitedText.tsx';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { setAudioPrefs } from '../../../site/lib/audioPrefs.ts';
import { initials } from '../../../lib/format.ts';
import { logout } from '../../../site/lib/session.ts';
import { toast } from '../../../site/stores/toasts.ts';
import tabs from 'virtual:onetrack/islands/settings.tabs';
import type { SettingsTab, SettingsTabData } from '../extensionPoints.ts';
import type { PublicUser } from '../models.ts';
import { EmailStatus } from './EmailStatus.tsx';
import { SecuritySettings } from './SecuritySettings.tsx';
import { YourData } from './YourData.tsx';
import { applyTheme } from '../client/theme.ts';
import { PHOTO_RULES, PREFERENCE_KEYS, profileRules, THEMES, LOCALE_CHOICES, type PreferenceValues } from '../rules.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { isLocale, LOCALE_NAMES, localePath, splitLocalePath } from '../../../lib/i18n/locales.ts';
import { preferenceLabels, THEME_LABELS } from './preferenceTexts.ts';
import { ruleText } from './ruleTexts.ts';

interface Props {
  user: PublicUser;
  artist: { id: number; genre: string | null } | null;
  genres: readonly string[];
  preferences: PreferenceValues;
  /** What the plugins' tabs (`settings.tabs`) show, read through their services by the page. */
  tabData: SettingsTabData;
  /** The tab a link opened (`?tab=`): one of ours or a plugin's, else Account. */
  initialTab: string | null;
  /** How this account confirms its deletion (an account without a password types its username). */
  confirmDeletionWith: 'password' | 'username';
  /** Whether this server sends e-mail (verification gates messaging and uploads only then). */
  mailConfigured: boolean;
}

/** The browser's side of the photo rules (the server checks the bytes again); null when the file may go. */
async function photoProblem(file: File): Promise<string | null> {
  if (!file.type.startsWith('image/')) return m.api_photo_not_image();
  if (!(PHOTO_RULES.types as readonly string[]).includes(file.type)) return m.api_photo_format();
  if (file.size > PHOTO_RULES.maxBytes) return m.api_photo_too_large();
  try {
    const bitmap = await createImageBitmap(file);
    const small = Math.min(bitmap.width, bitmap.height) < PHOTO_RULES.minSide;
    bitmap.close();
    return small ? m.api_photo_too_small() : null;
  } catch {
    return m.api_photo_not_image();
  }
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('Failed to read the file'));
    reader.readAsDataURL(file);
  });
}

function Photo({ user, onChange }: { user: PublicUser; onChange(url: string | null): void }) {
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = await photoProblem(file);
    if (problem) {
      toast({ title: m.photo_upload_failed(), description: problem, variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      const updated = await apiRequest<PublicUser>('POST', '/api/users/me/photo', { data: await readAsDataUrl(file) });
      onChange(updated.profileImage);
      toast({ title: m.photo_uploaded(), description: m.photo_uploaded_text(), variant: 'success' });
    } catch (error) {
      toast({
        title: m.photo_upload_failed(),
        description: messageOf(error, m.photo_failed()),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="d-flex align-items-center gap-3 mb-4">
      {user.profileImage ? (
        <img className="avatar profile-avatar" src={user.profileImage} alt={m.photo_alt()} width={80} height={80} />
      ) : (
        <span className="avatar avatar-initials profile-avatar" aria-hidden="true">
          {initials(user.name)}
        </span>
      )}
      <div>
        <input
          ref={input}
          type="file"
          accept={PHOTO_RULES.types.join(',')}
          className="d-none"
          aria-label={m.photo_choose()}
          onChange={choose}
        />
        <Button variant="outline-light" size="sm" disabled={pending} onClick={() => input.current?.click()}>
          {pending ? m.photo_uploading() : m.photo_change()}
        </Button>
        <p className="small text-secondary mb-0 mt-1">{m.photo_help()}</p>
      </div>
    </div>
  );
}

function AccountForm({
  user: initialUser,
  artist: initialArtist,
  genres,
  mailConfigured,
}: Pick<Props, 'user' | 'artist' | 'genres' | 'mailConfigured'>) {
  const [user, setUser] = useState(initialUser);
  const [values, setValues] = useState({
    name: user.name,
    username: user.username,
    email: user.email,
    bio: user.bio,
    isArtist: user.isArtist,
  });
  const [genre, setGenre] = useState(initialArtist?.genre ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const set = (key: 'name' | 'username' | 'email' | 'bio') => (value: string) =>
    setValues((v) => ({ ...v, [key]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkFields(profileRules, values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      const updated = await apiRequest<PublicUser>('PATCH', `/api/users/${user.id}`, values);
      setUser(updated);
      // Spec §4: an artist's save also runs the artist hook, then updates the genre. The account is
      // saved by then, so a refused genre (too many changes this hour) is said apart from it.
      let genreRefused: unknown = null;
      if (updated.isArtist) {
        const artist = await apiRequest<{ id: number }>('POST', '/api/auth/register-artist-hook');
        if (genre)
          await apiRequest('PATCH', `/api/artists/${artist.id}`, { genre }).catch((error) => (genreRefused = error));
      }
      if (genreRefused)
        toast({
          title: m.profile_genre_not_saved(),
          description: m.profile_genre_not_saved_text({ reason: messageOf(genreRefused, m.profile_genre_failed()) }),
          variant: 'destructive',
        });
      else toast({ title: m.profile_updated(), description: m.profile_updated_text(), variant: 'success' });
    } catch (error) {
      toast({
        title: m.profile_update_failed(),
        description: messageOf(error, m.profile_update_failed_text()),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  const field = (key: 'name' | 'username' | 'email', label: string, type = 'text', autoComplete?: string) => (
    <Form.Group className="mb-3" controlId={`profile-${key}`}>
      <Form.Label>{label}</Form.Label>
      <LimitedText
        type={type}
        value={values[key]}
        max={maxLengthOf(profileRules, key)}
        quiet={key !== 'name'}
        autoComplete={autoComplete}
        isInvalid={!!errors[key]}
        aria-describedby={errors[key] ? `profile-${key}-error` : undefined}
        onChange={set(key)}
      />
      <Form.Control.Feedback type="invalid" id={`profile-${key}-error`}>
        {ruleText(errors[key])}
      </Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <>
      <Photo user={user} onChange={(profileImage) => setUser((u) => ({ ...u, profileImage }))} />
      <Form noValidate onSubmit={save} aria-label={m.settings_tab_account()}>
        {field('name', m.auth_full_name(), 'text', 'name')}
        {field('username', m.auth_username(), 'text', 'username')}
        {field('email', m.auth_email(), 'email', 'email')}
        <EmailStatus
          verified={user.emailVerified}
          mailConfigured={mailConfigured}
          changed={values.email.trim().toLowerCase() !== user.email}
        />
        <Form.Group className="mb-3" controlId="profile-bio">
          <Form.Label>{m.profile_bio()}</Form.Label>
          <LimitedText
            rows={4}
            value={values.bio}
            max={maxLengthOf(profileRules, 'bio')}
            isInvalid={!!errors.bio}
            aria-describedby={errors.bio ? 'profile-bio-error' : undefined}
            onChange={set('bio')}
          />
          <Form.Control.Feedback type="invalid" id="profile-bio-error">
            {ruleText(errors.bio)}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Check
          className="mb-3"
          type="switch"
          id="profile-artist"
          label={m.profile_artist()}
          checked={values.isArtist}
          onChange={(e) => setValues((v) => ({ ...v, isArtist: e.target.checked }))}
        />
        {values.isArtist && (
          <Form.Group className="mb-3" controlId="profile-genre">
            <Form.Label>{m.profile_genre()}</Form.Label>
            <Form.Select value={genre} onChange={(e) => setGenre(e.target.value)}>
              <option value="">{m.profile_select_genre()}</option>
              {genres.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        <Button type="submit" className="btn-gold" disabled={pending}>
          {pending ? m.common_saving() : m.profile_save()}
        </Button>
      </Form>
    </>
  );
}

function PreferencesForm({ preferences }: Pick<Props, 'preferences'>) {
  const [values, setValues] = useState(preferences);
  const [pending, setPending] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const saved = await apiRequest<Props['preferences']>('PATCH', '/api/users/me/preferences', values);
      setValues(saved);
      // The player follows at once, without waiting for the next page.
      setAudioPrefs({ highQualityAudio: saved.highQualityAudio, normaliseLoudness: saved.normaliseLoudness });
      applyTheme(saved.theme);
      // Another language: the pages are rendered in it, so this one is loaded again in it.
      if (saved.locale !== preferences.locale) {
        const chosen = isLocale(saved.locale) ? saved.locale : 'en';
        window.location.assign(
          localePath(chosen, splitLocalePath(window.location.pathname).path) + window.location.search,
        );
        return;
      }
      toast({ title: m.settings_applied(), description: m.settings_applied_text(), variant: 'success' });
    } catch (error) {
      toast({
        title: m.profile_update_failed(),
        description: messageOf(error, m.settings_prefs_failed_text()),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <Form noValidate onSubmit={save} aria-label={m.settings_tab_preferences()}>
      <fieldset className="mb-3" aria-describedby="pref-theme-help">
        <legend className="form-label fs-6 fw-semibold mb-1">{m.pref_theme()}</legend>
        {THEMES.map((theme) => (
          <Form.Check
            inline
            type="radio"
            name="theme"
            key={theme}
            id={`pref-theme-${theme}`}
            label={THEME_LABELS[theme]()}
            checked={values.theme === theme}
            onChange={() => setValues((v) => ({ ...v, theme }))}
          />
        ))}
        <Form.Text id="pref-theme-help" className="d-block text-secondary">
          {m.pref_theme_help()}
        </Form.Text>
      </fieldset>
      <Form.Group className="mb-3" controlId="pref-locale">
        <Form.Label className="fw-semibold">{m.pref_language()}</Form.Label>
        <Form.Select
          value={values.locale}
          aria-describedby="pref-locale-help"
          onChange={(e) => setValues((v) => ({ ...v, locale: e.target.value as typeof v.locale }))}
        >
          {LOCALE_CHOICES.map((choice) => (
            <option key={choice} value={choice} lang={choice === 'auto' ? undefined : choice}>
              {choice === 'auto' ? m.pref_language_auto() : LOCALE_NAMES[choice]}
            </option>
          ))}
        </Form.Select>
        <Form.Text id="pref-locale-help" className="text-secondary">
          {m.pref_language_help()}
        </Form.Text>
      </Form.Group>
      {PREFERENCE_KEYS.map((key) => (
        <Form.Group className="mb-3" key={key}>
          <Form.Check
            type="switch"
            id={`pref-${key}`}
            label={preferenceLabels[key][0]()}
            checked={values[key]}
            aria-describedby={`pref-${key}-help`}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.checked }))}
          />
          <Form.Text id={`pref-${key}-help`} className="text-secondary">
            {preferenceLabels[key][1]()}
          </Form.Text>
        </Form.Group>
      ))}
      <Button type="submit" className="btn-gold" disabled={pending}>
        {pending ? m.common_saving() : m.pref_save()}
      </Button>
    </Form>
  );
}

function DangerZone() {
  return (
    <section className="surface-card danger-zone p-3 mt-4" aria-labelledby="danger-title">
      <h2 id="danger-title" className="h5 text-danger">
        {m.danger_title()}
      </h2>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-light" onClick={() => void logout()}>
          {m.nav_logout()}
        </Button>
      </div>
      <p className="small text-secondary mt-2 mb-0">{m.danger_text()}</p>
    </section>
  );
}

const OWN_TABS = ['account', 'security', 'preferences', 'data'];
const pluginTabs = tabs as SettingsTab[];

export default function ProfileSettings(props: Props) {
  const opened = props.initialTab ?? '';
  const initialTab = OWN_TABS.includes(opened) || pluginTabs.some((t) => t.tab.key === opened) ? opened : 'account';
  // On a phone the tabs scroll sideways: the one a link opened (?tab=data) is brought into view.
  useEffect(() => {
    document.querySelector('#profile-tabs .nav-link.active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, []);
  return (
    <>
      <Tabs defaultActiveKey={initialTab} id="profile-tabs" className="mb-4" mountOnEnter>
        <Tab eventKey="account" title={m.settings_tab_account()}>
          <AccountForm
            user={props.user}
            artist={props.artist}
            genres={props.genres}
            mailConfigured={props.mailConfigured}
          />
        </Tab>
        <Tab eventKey="security" title={m.settings_tab_security()}>
          <SecuritySettings hasPassword={props.confirmDeletionWith === 'password'} />
        </Tab>
        <Tab eventKey="preferences" title={m.settings_tab_preferences()}>
          <PreferencesForm preferences={props.preferences} />
        </Tab>
        {pluginTabs.map((Panel) => (
          <Tab key={Panel.tab.key} eventKey={Panel.tab.key} title={Panel.tab.title}>
            <Panel {...props.tabData} />
          </Tab>
        ))}
        <Tab eventKey="data" title={m.settings_tab_data()}>
          <YourData userId={props.user.id} username={props.user.username} confirmWith={props.confirmDeletionWith} />
        </Tab>
      </Tabs>
      <DangerZone />
    </>
  );
}
