import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { imageSize } from 'image-size';
import { Jimp, JimpMime } from 'jimp';
import { AVATAR_MAX_BYTES, AVATAR_MAX_PIXELS, AVATAR_SIZE, AVATAR_TYPES, PROFILE_MESSAGES } from '../../shared/rules/account';
import type { User } from '../../shared/schemas/user';
import type { Db } from '../db/client';
import { userAvatars, users } from '../db/schema';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../lib/errors';
import { requireSignedIn } from './access';
import { toUser, type UserRow } from './auth';
import { lockNames, retireName, retiredOwner } from './retired-names';

/** The path segment under /question-tracker/v1/profile that avatars are served from (routes/profiles.ts). */
export const AVATAR_SEGMENT = 'avatar';
/** Where a user's avatar is served; the version makes each new image a new URL, so a browser may keep one for good. */
const AVATAR_PATH = `/question-tracker/v1/profile/${AVATAR_SEGMENT}`;
const avatarUrl = (userId: string, hash: string) => `${AVATAR_PATH}/${userId}?v=${hash}`;

/**
 * Edits the names a user shows. A new profile name must be free, counting names others used before; the old
 * one keeps leading to this profile and stays reserved for this user (services/retired-names).
 */
export async function updateProfile(db: Db, user: UserRow | null, body: { firstName: string; secondName: string; profileName: string }): Promise<User> {
  const me = requireSignedIn(user);
  const from = me.profileName;
  try {
    const row = await db.transaction(async (tx) => {
      if (body.profileName !== from) await lockNames(tx, 'profile-name', from, body.profileName);
      const [updated] = await tx
        .update(users)
        .set({ firstName: body.firstName, secondName: body.secondName, profileName: body.profileName, updatedAt: new Date() })
        .where(eq(users.id, me.id))
        .returning();
      if (!updated) throw notFound('Account not found');
      if (body.profileName !== from) await retireName(tx, 'profile-name', me.id, from, body.profileName);
      return updated;
    });
    return toUser(row);
  } catch (err) {
    // Taken now, or kept for the person who used it before (the trigger reports the same constraint).
    if (isUniqueViolation(err, 'users_profile_name_unique')) throw conflict(PROFILE_MESSAGES.profileNameTaken);
    throw err;
  }
}

/** The current profile name for a name typed in a URL: the same, or the one its owner moved to; null if nobody. */
export async function currentProfileName(db: Db, name: string): Promise<string | null> {
  const ownerId = await retiredOwner(db, 'profile-name', name);
  if (!ownerId) return null;
  const [row] = await db.select({ profileName: users.profileName }).from(users).where(eq(users.id, ownerId));
  return row?.profileName ?? null;
}

const tooLarge = () => new AppError(413, 'PayloadTooLarge', PROFILE_MESSAGES.avatarTooLarge);

/**
 * Makes an avatar from an upload: the type is read from the bytes (an image's declared type and name are
 * the client's word), the pixel count is checked before decoding, and the image is cropped to a centred
 * square and re-encoded as a PNG, so no uploaded byte is ever served. Pure JavaScript (jimp): no native
 * build to install; a 2 MB photo takes a fraction of a second here.
 */
async function reencodeAvatar(bytes: Uint8Array): Promise<Buffer> {
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw tooLarge();
  let info: { type?: string; width: number; height: number };
  try {
    info = imageSize(bytes);
  } catch {
    throw new AppError(415, 'UnsupportedMediaType', PROFILE_MESSAGES.avatarType);
  }
  if (!info.type || !(AVATAR_TYPES as readonly string[]).includes(info.type)) throw new AppError(415, 'UnsupportedMediaType', PROFILE_MESSAGES.avatarType);
  if (info.width * info.height > AVATAR_MAX_PIXELS) throw badRequest(PROFILE_MESSAGES.avatarDimensions);
  try {
    const image = await Jimp.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    image.cover({ w: AVATAR_SIZE, h: AVATAR_SIZE });
    return await image.getBuffer(JimpMime.png);
  } catch {
    throw badRequest(PROFILE_MESSAGES.avatarUnreadable);
  }
}

/** Stores a re-encoded avatar and points the user's imageUrl at its new version. */
export async function setAvatar(db: Db, user: UserRow | null, file: File | null): Promise<User> {
  const me = requireSignedIn(user);
  if (!file) throw badRequest(PROFILE_MESSAGES.avatarRequired);
  // Checked before reading: the body limit lets a little more through for the form around the file.
  if (file.size > AVATAR_MAX_BYTES) throw tooLarge();
  const image = await reencodeAvatar(new Uint8Array(await file.arrayBuffer()));
  const hash = createHash('sha256').update(image).digest('base64url').slice(0, 16);
  const row = await db.transaction(async (tx) => {
    await tx
      .insert(userAvatars)
      .values({ userId: me.id, image, contentType: 'image/png', hash })
      .onConflictDoUpdate({ target: userAvatars.userId, set: { image, contentType: 'image/png', hash, updatedAt: new Date() } });
    const [updated] = await tx.update(users).set({ imageUrl: avatarUrl(me.id, hash), updatedAt: new Date() }).where(eq(users.id, me.id)).returning();
    if (!updated) throw notFound('Account not found');
    return updated;
  });
  return toUser(row);
}

/** Back to the initials avatar. */
export async function removeAvatar(db: Db, user: UserRow | null): Promise<User> {
  const me = requireSignedIn(user);
  const row = await db.transaction(async (tx) => {
    await tx.delete(userAvatars).where(eq(userAvatars.userId, me.id));
    const [updated] = await tx.update(users).set({ imageUrl: '', updatedAt: new Date() }).where(eq(users.id, me.id)).returning();
    if (!updated) throw notFound('Account not found');
    return updated;
  });
  return toUser(row);
}

/** A stored avatar (the server's own PNG) for serving, or null. */
export async function readAvatar(db: Db, userId: string): Promise<{ image: Uint8Array; contentType: string; hash: string } | null> {
  const [row] = await db
    .select({ image: userAvatars.image, contentType: userAvatars.contentType, hash: userAvatars.hash })
    .from(userAvatars)
    .where(eq(userAvatars.userId, userId));
  return row ?? null;
}
