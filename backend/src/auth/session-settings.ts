/** The session timeouts and cookie settings, which the app module gives the auth module from the config. */
export class SessionSettings {
  constructor(
    readonly absoluteMs: number,
    /** Signs the known-device cookies (derived from the session secret, so no new setting). */
    readonly deviceKey: Buffer,
    readonly secureCookie: true | 'auto',
  ) {}
}
