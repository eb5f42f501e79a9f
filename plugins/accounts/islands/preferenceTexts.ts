import * as m from '../../../lib/i18n/messages.ts';
import type { PreferenceKey, Theme } from '../rules.ts';

/** Each preference's switch label and the line under it (Settings › Preferences, a visitor's Playback). */
export const preferenceLabels: Record<PreferenceKey, [() => string, () => string]> = {
  emailNotifications: [m.pref_email_notifications, m.pref_email_notifications_help],
  inAppNotifications: [m.pref_in_app, m.pref_in_app_help],
  highQualityAudio: [m.pref_hq, m.pref_hq_help],
  normaliseLoudness: [m.pref_loudness, m.pref_loudness_help],
};

export const THEME_LABELS: Record<Theme, () => string> = {
  system: m.pref_theme_system,
  dark: m.pref_theme_dark,
  light: m.pref_theme_light,
};
