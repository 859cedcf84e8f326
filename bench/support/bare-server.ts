/**
 * A bare node:http handler in its own process: it reads each request's body and answers with the fixed answer it was
 * given (BARE_ANSWER: status, headers, body), the floor of what Node costs per answer without any framework.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const answer = JSON.parse(process.env.BARE_ANSWER!) as { status: number; headers: [string, string][]; body: string };
const body = Buffer.from(answer.body);
const headers = answer.headers.flat();

const server = createServer((request, response) => {
  request.on('data', () => {});
  request.on('end', () => {
    response.writeHead(answer.status, headers);
    response.end(body);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`));
