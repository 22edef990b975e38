// A stand-in for the FCA Financial Services Register's API (V0.1; no network here reaches it): the app is
// pointed at it through FCA_API_BASE. It answers in the register's envelope (Status, ResultInfo, Message,
// Data) with the field names of docs/decisions/053-regulator-records.md, refuses any key but
// `test-key`, and answers an unknown number as the register does: 200 with Data null. `records` can be
// changed by a test to change what the register says.
import http from "node:http";

export const FCA_RECORDS = {
  firms: {
    654321: {
      "Organisation Name": "Vale & Co Ltd",
      FRN: "654321",
      Status: "Authorised",
      "Status Effective Date": "01/12/2009",
      "Business Type": "Regulated",
      disciplinary: [{ TypeofDescription: "Fine for late reporting", TypeofAction: "Fines", EnforcementType: "FSMA", ActionEffectiveFrom: "08/09/2019" }],
    },
  },
  individuals: {
    HXV01234: {
      Details: { "Full Name": "Harriet Vale", "Commonly Used Name": "Harriet", IRN: "HXV01234", Status: "Certified / assessed by firm" },
      "Workplace Location 1": { "Firm Name": "Vale & Co Ltd", "Location 1": "London" },
      roles: { Current: { "(1)Investment adviser": { Name: "Investment adviser", "Firm Name": "Vale & Co Ltd", "Effective Date": "06/04/2015" } }, Previous: {} },
      disciplinary: null,
    },
  },
};

const envelope = (status, message, data) => ({ Status: status, ResultInfo: data ? { page: "1", per_page: "1", total_count: String(data.length) } : null, Message: message, Data: data });

/** Starts the stand-in on 127.0.0.1; resolves to { base, requests, records, close }. */
export async function startFcaStandIn({ port = 0, records = structuredClone(FCA_RECORDS) } = {}) {
  const requests = [];
  const server = http.createServer((req, res) => {
    const email = req.headers["x-auth-email"];
    const key = req.headers["x-auth-key"];
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({ method: req.method, path: url.pathname, email, key });
    const send = (status, body) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (key !== "test-key") return send(401, envelope("FSR-API-01-01-11", "Unauthorised: invalid key", null));
    const parts = url.pathname.replace(/^\/services\/V0\.1/, "").split("/").filter(Boolean).map(decodeURIComponent);
    const [kind, number, detail] = parts;
    if (kind === "Firm") {
      const firm = records.firms[number];
      if (!firm) return send(200, envelope("FSR-API-02-01-11", "Firm not found", null));
      const { disciplinary, ...data } = firm;
      if (detail === "DisciplinaryHistory") return send(200, envelope("FSR-API-02-11-00", "Ok. Disciplinary history information found", disciplinary?.length ? disciplinary : null));
      return send(200, envelope("FSR-API-02-01-00", "Ok. Firm Found", [data]));
    }
    if (kind === "Individuals") {
      const person = records.individuals[number];
      if (!person) return send(200, envelope("FSR-API-03-01-11", "Individual not found", null));
      const { roles, disciplinary, ...data } = person;
      if (detail === "CF") return send(200, envelope("FSR-API-03-02-00", "Ok. Indiv CF Found", [roles]));
      if (detail === "DisciplinaryHistory") return send(200, envelope("FSR-API-03-03-00", "Ok.", disciplinary?.length ? disciplinary : null));
      return send(200, envelope("FSR-API-03-01-00", "Ok. Individual found", [data]));
    }
    send(404, envelope("FSR-API-00-00-21", "Bad request", null));
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}/services/V0.1`;
  return { base, requests, records, close: () => new Promise((resolve) => server.close(resolve)) };
}

// `node tests/support/fca-stand-in.mjs [port]`: run it alone, printing its address.
if (import.meta.url === `file://${process.argv[1]}`) {
  const standIn = await startFcaStandIn({ port: Number(process.argv[2] ?? 0) });
  console.log(`FCA register stand-in at ${standIn.base} (key: test-key)`);
}
