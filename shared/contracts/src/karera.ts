// Video Karera: the socket's events and their payloads, stakes, sides and the payout (document 2,
// section 5).
export * from './contracts/karera';
