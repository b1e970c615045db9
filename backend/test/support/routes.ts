import { RequestMethod, type INestApplication, type Type } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';

/** A route of the running app: method, path with `:params` filled in, and its guards. */
export interface AppRoute {
  method: string;
  path: string;
  guards: Type[];
}

/** Every route of the app, read from Nest's own metadata, its path parameters set to `id`. */
export function routesOf(app: INestApplication, id: string): AppRoute[] {
  const routes: AppRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (!metatype) continue;
      const controller = metatype as Type;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      const classGuards: Type[] = Reflect.getMetadata(GUARDS_METADATA, controller) ?? [];
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[name];
        const path = name === 'constructor' ? undefined : Reflect.getMetadata(PATH_METADATA, handler);
        if (path === undefined) continue;
        const full = `/api/${[base, String(path)].filter(Boolean).join('/')}`.replace(/\/+/g, '/');
        routes.push({
          method: RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number].toLowerCase(),
          path: full.replace(/:[A-Za-z]+/g, id),
          guards: [...classGuards, ...(Reflect.getMetadata(GUARDS_METADATA, handler) ?? [])],
        });
      }
    }
  }
  return routes;
}
