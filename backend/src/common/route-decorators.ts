import { applyDecorators, Delete, HttpCode, Post } from '@nestjs/common';

/** A POST that creates nothing (an action, a check, a sign-in), so it answers 200, not Nest's 201. */
export const PostOk = (path?: string) => applyDecorators(Post(path), HttpCode(200));

/** A 204 DELETE; @ApiNoContentResponse stays on the method, else the Swagger plugin documents a 200. */
export const DeleteNoContent = (path: string) => applyDecorators(Delete(path), HttpCode(204));
