import dns2 from 'dns2';

const { Packet } = dns2;

/**
 * A DNS server for tests (dns2, on 127.0.0.1 over UDP): the TXT and A records a test publishes, changed as the test
 * goes (a record published, another removed). Names it has nothing for do not exist (NXDOMAIN). Point the server
 * under test at it with DNS_SERVERS=`dns.server`.
 */
export async function startTestDns(port = 0) {
  const txt = new Map<string, string[]>();
  const addresses = new Map<string, string[]>();
  const failing = new Set<string>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const name = question?.name.toLowerCase() ?? '';
      if (failing.has(name)) {
        response.header.rcode = 2; // SERVFAIL
      } else if (question === undefined || (!txt.has(name) && !addresses.has(name))) {
        response.header.rcode = 3; // NXDOMAIN
      } else if (question.type === Packet.TYPE.TXT) {
        for (const data of txt.get(name) ?? []) response.answers.push(Packet.createResourceFromQuestion(question, { data, ttl: 1 }));
      } else if (question.type === Packet.TYPE.A) {
        for (const address of addresses.get(name) ?? []) response.answers.push(Packet.createResourceFromQuestion(question, { address, ttl: 1 }));
      }
      void send(response);
    },
  });
  const listening = await server.listen({ udp: { port, address: '127.0.0.1' } });
  return {
    /** For DNS_SERVERS. */
    server: `127.0.0.1:${listening.udp?.port ?? port}`,
    /** The TXT values at the name (none: the name exists without TXT records). */
    setTxt(name: string, values: string[]) {
      txt.set(name.toLowerCase(), values);
    },
    /** The IPv4 addresses of the name. */
    setAddresses(name: string, values: string[]) {
      addresses.set(name.toLowerCase(), values);
    },
    /** The name no longer exists. */
    remove(name: string) {
      txt.delete(name.toLowerCase());
      addresses.delete(name.toLowerCase());
    },
    /** Whether questions about the name fail (SERVFAIL), as when the domain's own servers are down. */
    setFailing(name: string, fails: boolean) {
      if (fails) failing.add(name.toLowerCase());
      else failing.delete(name.toLowerCase());
    },
    close: () => server.close(),
  };
}

export type TestDns = Awaited<ReturnType<typeof startTestDns>>;
