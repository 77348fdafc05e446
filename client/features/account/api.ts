import { api, call } from '#client/lib/api.ts';

/** The account cards' endpoints (decision 0023); the response types are the worker's (inferred through the typed client). */
export const accountApi = {
  /** A one-use link that downloads the data export (three an hour). */
  exportData: () => call(api.api.me.export.$post()),
  /** Schedules the account's deletion (the password again); the user is signed out everywhere. */
  scheduleDeletion: (json: { password: string }) => call(api.api.me.deletion.$post({ json })),
};
