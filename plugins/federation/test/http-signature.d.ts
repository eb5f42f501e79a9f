// The tests' second verifier of signatures (peer.ts): the parts it uses of http-signature 1.4.
declare module 'http-signature' {
  import type { IncomingMessage } from 'node:http';

  interface ParsedSignature {
    keyId: string;
    params: { headers: string[] };
  }
  const httpSignature: {
    parseRequest(request: IncomingMessage, options?: { clockSkew?: number }): ParsedSignature;
    verifySignature(parsed: ParsedSignature, publicKeyPem: string): boolean;
  };
  export default httpSignature;
}
