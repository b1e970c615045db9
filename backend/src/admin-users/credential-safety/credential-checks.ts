import { fieldRefusal } from '../../common/api-error.js';
import { usernameSkeleton } from './username-skeleton.js';

/** Refuses a username sharing an existing one's confusable skeleton; an exact match is USERNAME_TAKEN. */
export function assertNotConfusable(username: string, existing: string[]): void {
  const skeleton = usernameSkeleton(username);
  const lookalike = existing.find(
    (name) => name.toLowerCase() !== username.toLowerCase() && usernameSkeleton(name) === skeleton,
  );
  if (!lookalike) return;
  const message =
    'This username looks like an existing administrator\u2019s: choose one that cannot be mistaken for it';
  throw fieldRefusal(409, 'USERNAME_CONFUSABLE', 'username', message, { similarTo: lookalike });
}
