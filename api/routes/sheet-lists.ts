import { Hono } from 'hono';
import type { AppEnv, Deps } from '../lib/env';

export function sheetListRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
