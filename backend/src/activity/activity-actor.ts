import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** Who makes a change and from where, as the activity log records it. */
export interface ActivityActor {
  /** The admin's id; null when nobody is logged in (first admin, failed login) or for the server. */
  adminId: string | null;
  username: string | null;
  /** The client's address (Express's `request.ip`, which follows TRUST_PROXY); null for the server. */
  client: string | null;
}

/** The server itself: scheduled work such as automatic backups and the log's own retention. */
export const SERVER_ACTOR: ActivityActor = Object.freeze({ adminId: null, username: null, client: null });

export function actorOf(request: Request): ActivityActor {
  // The session's admin, read by the two fields the log keeps (it records ids, not the entity).
  const user = request.isAuthenticated?.()
    ? (request.user as { id: string; username: string } | undefined)
    : undefined;
  return { adminId: user?.id ?? null, username: user?.username ?? null, client: request.ip ?? null };
}

/** The request's ActivityActor, for a handler to pass to the service that makes the change. */
export const Actor = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  actorOf(context.switchToHttp().getRequest<Request>()),
);
