import { EventEmitter } from 'node:events';
import type { GroupEvent } from '#shared/schemas/groups.ts';

/**
 * What happened in a group, for the group page's live stream (decision 028). `user_id` names the
 * one person an event is for (`removed`); otherwise it is for every member's open stream.
 */
export type GroupEventMessage = GroupEvent & { group_id: string; user_id?: string };

export type GroupEventListener = (message: GroupEventMessage) => void;

/** Carries group events to every open stream, on this instance and (PostgreSQL) every other. */
export type GroupEventBus = {
  /** Sends an event; fire and forget: a lost event costs a client one refetch, never an error. */
  publish: (message: GroupEventMessage) => void;
  /** Listens to one group's events; returns the function that stops listening. */
  subscribe: (groupId: string, listener: GroupEventListener) => () => void;
  close: () => Promise<void>;
};

/** The bus within one process: the SQLite default, and each instance's local delivery. */
export function createLocalGroupEventBus(): GroupEventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (message) => {
      emitter.emit(message.group_id, message);
    },
    subscribe: (groupId, listener) => {
      emitter.on(groupId, listener);
      return () => emitter.off(groupId, listener);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}
