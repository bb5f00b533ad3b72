// The settings module's public entry: what other modules, the hosts and other packages use from it.
export { settingsLogLevel, settingsReplaced } from './settings-cache';
export { createDefaultSettings, getAllSettings, getRetentionSetting, getSettings, smtpPassword, type RetentionSetting } from './settings-repo';
export { settings } from './settings-routes';
