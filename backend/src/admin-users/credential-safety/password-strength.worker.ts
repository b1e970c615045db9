import { passwordWeakness, type PasswordWeakness } from './password-strength.js';

/** Runs in a worker of PasswordStrengthCheck's pool: zxcvbn and its dictionaries live there only. */
export default function checkInWorker(check: {
  password: string;
  userInputs: string[];
}): Promise<PasswordWeakness | null> {
  return passwordWeakness(check.password, check.userInputs);
}
