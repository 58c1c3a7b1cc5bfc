import type { Ajv } from 'ajv';
import { ArticleFeedQuerySchema } from '../../schema/api/params.schema.ts';
import { compileQueryValidator } from '../http/query-validator.ts';

export interface ArticleFeedQuery {
  limit?: number;
}

export const articleValidator = (ajv: Ajv) => compileQueryValidator<ArticleFeedQuery>(ajv, ArticleFeedQuerySchema);
