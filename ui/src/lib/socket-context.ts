import { createContext, useContext } from 'react';
import type { Socket } from 'socket.io-client';

/** The signed-in user's socket, or null while signed out or still loading socket.io-client. */
export const SocketContext = createContext<Socket | null>(null);

export const useSocket = (): Socket | null => useContext(SocketContext);
