import {
  applyDecorators,
  Injectable,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { LimitName } from './limits.js';
import { RateLimits } from './rate-limits.service.js';

const AddressLimit = Reflector.createDecorator<LimitName>();

/** The route's per-address limit, taken before the body is parsed: a flood costs its own quota only. */
@Injectable()
export class AddressLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const name = this.reflector.get(AddressLimit, context.getHandler());
    await this.limits.take(name, context.switchToHttp().getRequest<Request>().ip ?? 'unknown');
    return true;
  }
}

/** Marks a public route limited per client address by `name`, before any other work. */
export const LimitedPerAddress = (name: LimitName) =>
  applyDecorators(AddressLimit(name), UseGuards(AddressLimitGuard));
