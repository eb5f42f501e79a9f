import type { ParameterizedContext } from 'koa';
import { forbidden, notFound, unauthenticated } from '../errors.ts';
import type { AppState, SessionUser } from './state.ts';

export const ADMIN_ROLES = ['admin', 'superadmin'] as const;

export function isAdmin(user: SessionUser | null): boolean {
  return !!user && (ADMIN_ROLES as readonly string[]).includes(user.role);
}

/** 401 when the call needs a session and has none. */
export function requireUser(ctx: ParameterizedContext<AppState>, message = 'Authentication required'): SessionUser {
  if (!ctx.state.user) throw unauthenticated(message);
  return ctx.state.user;
}

/** 401 without a session, 403 when the signed-in user lacks the role. */
export function requireRole(ctx: ParameterizedContext<AppState>, roles: readonly SessionUser['role'][]): SessionUser {
  const user = requireUser(ctx);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}

/** Reads a positive integer id from a route parameter; anything else is an unknown id (404). */
export function idParam(value: string | undefined, what = 'Resource'): number {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(value ?? '') || !Number.isSafeInteger(id) || id < 1) throw notFound(`${what} not found`);
  return id;
}
