/** The session timeouts, given to the auth module by the app module from the configuration. */
export class SessionSettings {
  constructor(
    readonly idleMs: number,
    readonly absoluteMs: number,
  ) {}
}
