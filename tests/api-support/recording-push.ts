import type { PushSender } from '#server/push.ts';
import type { PushPayload } from '#shared/schemas/notifications.ts';

export type SentPush = { userId: string; payload: PushPayload };

export type RecordingPush = PushSender & {
  /** Every push asked for, in order. */
  sent: SentPush[];
  sentTo: (userId: string) => PushPayload[];
};

/** A PushSender for tests: records what would have been sent to the user's browsers. */
export function recordingPush(): RecordingPush {
  const sent: SentPush[] = [];
  return {
    enabled: true,
    publicKey: 'test-public-key',
    sent,
    sentTo: (userId) => sent.filter((push) => push.userId === userId).map((push) => push.payload),
    sendToUser: async (userId, payload) => {
      sent.push({ userId, payload });
    },
  };
}
