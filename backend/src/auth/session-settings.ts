/** The session timeouts and cookie settings, given to the auth module by the app module from the configuration. */
export class SessionSettings {
  constructor(
    readonly absoluteMs: number,
    /** Signs the known-device cookies (derived from the session secret, so no new setting). */
    readonly deviceKey: Buffer,
    readonly secureCookie: true | 'auto',
  ) {}
}
