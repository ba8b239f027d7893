/**
 * The header that carries a user's gateway token from the add-in, the CLI and the benchmarks to the Partsheet
 * gateway. Both ends read this one name: the clients send it, the gateway looks it up, so they cannot drift apart.
 * HTTP header names are case-insensitive; Node hands a server its request headers lower-cased, so the gateway looks
 * up `GATEWAY_TOKEN_HEADER.toLowerCase()`.
 */
export const GATEWAY_TOKEN_HEADER = 'X-Partsheet-Token';
