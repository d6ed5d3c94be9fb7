// record: the verifiable game record — its file format, the verifier that checks
// a record as any player could, and the move-by-move replay with every hand
// known. Pure (no DOM, no network); may import engine, protocol and session.
// verify-client.ts runs the verifier in a Web Worker (verify-worker.ts) for a page.
export * from './format';
export * from './verify';
export * from './replay';
export * from './verify-calls';
export { verifyInWorker, type VerifyJob } from './verify-client';
