/**
 * Video-provider seam (issue 36 item 1): the room of a telemedicine visit, made when the booking is confirmed.
 * The default needs no account: a Jitsi Meet room whose name is 128 random bits (unguessable; whoever has the
 * address can join, so it is shown only to the booking's patient and the staff in scope). A hospital's own
 * provider (a licensed video platform with waiting rooms, recordings off) implements `createRoom` and is picked
 * by VIDEO_PROVIDER; its keys come from the environment like the payment adapters'.
 */
import { randomBytes } from 'node:crypto';

export interface VideoRoomRequest {
  /** Our booking reference (no personal data). */
  reference: string;
  startsAt: Date;
  endsAt: Date;
}

export interface VideoRoom {
  provider: string;
  url: string;
}

export interface VideoProvider {
  readonly name: string;
  createRoom(input: VideoRoomRequest): Promise<VideoRoom>;
}

/** Jitsi Meet (public meet.jit.si or a self-hosted server): a room is just an unguessable name on the server. */
export function jitsiMeet(baseUrl = 'https://meet.jit.si', random: (bytes: number) => Buffer = randomBytes): VideoProvider {
  const base = baseUrl.replace(/\/+$/, '');
  if (!/^https:\/\/[^/?#]+(\/[^?#]*)?$/.test(base)) throw new Error('VIDEO_JITSI_URL must be an https address');
  return {
    name: 'jitsi',
    async createRoom() {
      // 16 bytes = 128 bits, hex: a room name no one finds by trying.
      return { provider: 'jitsi', url: `${base}/${random(16).toString('hex')}` };
    },
  };
}

/** VIDEO_PROVIDER (default jitsi) with VIDEO_JITSI_URL (default https://meet.jit.si). */
export function videoProviderFromEnv(env: NodeJS.ProcessEnv = process.env): VideoProvider {
  const name = env.VIDEO_PROVIDER ?? 'jitsi';
  if (name === 'jitsi') return jitsiMeet(env.VIDEO_JITSI_URL || undefined);
  throw new Error(`Unknown VIDEO_PROVIDER ${name}`);
}
