// The settings module's public entry: what other modules, the hosts and other packages use from it.
// Its HTTP routes are in ./routes (for the hosts), so that reaching a module's functions never loads route code.
export { settingsLogLevel, settingsReplaced } from './settings-cache';
export { createDefaultSettings, oneSettingsRead, getRetentionSetting, getSettings, smtpPassword, type RetentionSetting } from './settings-repo';
