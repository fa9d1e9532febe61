// What a watcher's socket on a relay may send (docs/relay.md): the keepalive ping, and the identity
// every client sends first — a visitor's (empty token) is accepted, a player's closes the socket
// with SOCKET.relayDirectCode so the client reconnects straight to the room.
import { z } from "zod";
import { identityFrame, pingFrame } from "./frame";

export const relayClientFrame = z.discriminatedUnion("event", [identityFrame, pingFrame]);
