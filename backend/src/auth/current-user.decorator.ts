import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { AdminUser } from '../admin-users/admin-user.entity.js';

/** The admin of the current session (only on routes behind @AdminOnly). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<Request>().user as AdminUser,
);
