import type { Server } from 'socket.io';
import { CHANGE_EVENT, userRoom } from './change-publisher.ts';
import type { ChangePublisher } from './change-publisher.ts';

/**
 * Embedded mode: projections run in the API process and poke sockets directly.
 * One emit to all the rooms at once, so a socket in several of them gets one poke.
 */
export function createSocketServerPublisher(io: Server): ChangePublisher {
  return {
    publish(message, audience) {
      if (audience.length === 0) return;
      io.to(audience.map(userRoom)).emit(CHANGE_EVENT, message);
    },
    async close() {
      // The Socket.IO server belongs to the API; it is closed there.
    },
  };
}
