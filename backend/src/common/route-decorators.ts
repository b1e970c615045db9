import { applyDecorators, Delete, HttpCode, Post } from '@nestjs/common';

/** A POST that creates nothing (an action, a check, a sign-in), so it answers 200, not Nest's 201. */
export const PostOk = (path?: string) => applyDecorators(Post(path), HttpCode(200));

/**
 * A DELETE that answers 204. Its @ApiNoContentResponse stays on the method: the Swagger plugin
 * documents a 200 on any method that names no success response of its own.
 */
export const DeleteNoContent = (path: string) => applyDecorators(Delete(path), HttpCode(204));
