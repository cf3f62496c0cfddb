import { Hono } from 'hono';
import type { AppEnv, Deps } from '../lib/env';

export function profileRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
