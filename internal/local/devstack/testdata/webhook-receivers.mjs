// Replays webhook requests svc sent (captured by TestWebhookReceiverLibraries)
// to the receiver code of two client libraries of the compatible API, and
// prints, as one JSON document, what each of them made of every request:
//
//   - whatsapp-api-js (its node:http middleware, served on 127.0.0.1): the
//     HTTP status it answered and the arguments of the emitter it called;
//   - @kapso/whatsapp-cloud-api/server: verifySignature over the raw bytes,
//     and normalizeWebhook of the parsed body.
//
// For each request it also replays three variants the test expects to be
// refused, so that the comparison can fail: one byte changed; the same JSON
// with raw UTF-8 instead of \u escapes, signed over its own bytes; and the
// original bytes sent chunked, without Content-Length.
//
// Environment: CAPTURES (a JSON file: [{name, headers, body_base64}]),
// SECRET (the signing secret), TOOLS (the folder holding node_modules).
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, request } from "node:http";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const require = createRequire(process.env.TOOLS + "/");
const { WhatsAppAPI } = await import(pathToFileURL(require.resolve("whatsapp-api-js/middleware/node-http")).href);
const kapso = require("@kapso/whatsapp-cloud-api/server");

const secret = process.env.SECRET;
const captures = JSON.parse(readFileSync(process.env.CAPTURES, "utf8"));

// The last emitter call of whatsapp-api-js, reset before each request.
let emitted = null;
const wa = new WhatsAppAPI({ token: "unused", appSecret: secret, v: "v23.0" });
wa.on.status = ({ phoneID, phone, status, id, timestamp, pricing, error, biz_opaque_callback_data }) => {
  emitted = { kind: "status", phoneID, phone, status, id, timestamp, pricing, error, biz_opaque_callback_data };
};
wa.on.message = ({ phoneID, from, name, message }) => {
  emitted = { kind: "message", phoneID, from, name, message };
};

const server = createServer(async (req, res) => {
  res.statusCode = await wa.handle_post(req);
  res.end();
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const port = server.address().port;

// post sends body with headers to the whatsapp-api-js server, as given:
// chunked (no Content-Length) when the headers do not carry one.
function post(headers, body) {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method: "POST", path: "/webhook", headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    req.on("error", reject);
    if (headers["content-length"] === undefined) {
      // Written before end: Node would add a Content-Length for end(body).
      req.write(body);
      req.end();
    } else {
      req.end(body);
    }
  });
}

async function both(headers, body) {
  emitted = null;
  const status = await post(headers, body);
  const verified = kapso.verifySignature({ appSecret: secret, rawBody: body, signatureHeader: headers["x-hub-signature-256"] });
  let normalized = null;
  try {
    normalized = kapso.normalizeWebhook(JSON.parse(body.toString("utf8")));
  } catch (e) {
    normalized = { parse_error: String(e) };
  }
  return { whatsapp_api_js: { status, emitted }, kapso: { verified, normalized } };
}

const out = [];
for (const c of captures) {
  const body = Buffer.from(c.body_base64, "base64");
  const headers = {};
  for (const [k, v] of Object.entries(c.headers)) headers[k.toLowerCase()] = v;

  const result = { name: c.name, as_sent: await both(headers, body) };

  // One letter of the entry id changed: still JSON, no longer what was signed.
  const tampered = Buffer.from(body);
  const at = tampered.indexOf('"id":"') + 6;
  tampered[at] = tampered[at] === 0x61 ? 0x62 : 0x61;
  result.tampered = await both(headers, tampered);

  const raw = Buffer.from(JSON.stringify(JSON.parse(body.toString("utf8"))), "utf8");
  const rawSig = "sha256=" + createHmac("sha256", secret).update(raw).digest("hex");
  result.raw_utf8 = await both({ ...headers, "content-length": String(raw.length), "x-hub-signature-256": rawSig }, raw);

  const chunked = { ...headers };
  delete chunked["content-length"];
  chunked["transfer-encoding"] = "chunked";
  result.chunked = await both(chunked, body);

  out.push(result);
}
server.close();
console.log(JSON.stringify(out));
