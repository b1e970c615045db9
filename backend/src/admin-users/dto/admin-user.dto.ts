/** An administrator as the API shows it: never with a password or its hash. */
export class AdminUserDto {
  /** @example "0b9a6f0e-8d1c-4c59-9d6e-3f1f7a1c2b3d" */
  id: string;
  /** @example "admin" */
  username: string;
  /** When the account was created. */
  createdAt: Date;
}
