// Sends messages through the local gateway with an existing client library
// of the compatible API (@kapso/whatsapp-cloud-api), pointed at the svc base
// URL: a text inside the window, a template, and a text outside the window,
// whose 131047 the library must surface with its code. Run by
// TestCompatibleClientsSend with BASE, KEY, PHONE, TO, STRANGER and TOOLS set.
const { createRequire } = require("node:module");
const { WhatsAppClient } = createRequire(process.env.TOOLS + "/")("@kapso/whatsapp-cloud-api");

function check(cond, what, value) {
  if (!cond) {
    console.error("FAIL", what, JSON.stringify(value));
    process.exit(1);
  }
}

(async () => {
  const client = new WhatsAppClient({ accessToken: process.env.KEY, baseUrl: process.env.BASE, graphVersion: "v1.0" });
  const phoneNumberId = process.env.PHONE;

  const text = await client.messages.sendText({ phoneNumberId, to: process.env.TO, body: "Your table is booked." });
  check(text.messages.length === 1 && text.messages[0].id.startsWith("svcmid."), "text send", text);

  const tpl = await client.messages.sendTemplate({
    phoneNumberId, to: process.env.TO,
    template: { name: "order_update", language: { code: "en_US", policy: "deterministic" },
      components: [
        { type: "header", parameters: [{ type: "text", text: "A-1" }] },
        { type: "body", parameters: [{ type: "text", text: "Ann" }, { type: "text", text: "A-1" }] },
        { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "A-1" }] },
      ] },
  });
  check(tpl.messages[0].id.startsWith("svcmid.") && tpl.messages[0].id !== text.messages[0].id, "template send", tpl);

  // The README's way to add an Idempotency-Key to this library's sends.
  let currentKey = "compat-retry-1";
  const keyed = new WhatsAppClient({ accessToken: process.env.KEY, baseUrl: process.env.BASE, graphVersion: "v1.0",
    fetch: (url, init) => {
      const headers = new Headers(init && init.headers);
      headers.set("Idempotency-Key", currentKey);
      return fetch(url, { ...init, headers });
    } });
  const first = await keyed.messages.sendText({ phoneNumberId, to: process.env.TO, body: "Booked." });
  const retry = await keyed.messages.sendText({ phoneNumberId, to: process.env.TO, body: "Booked." });
  check(first.messages[0].id === retry.messages[0].id, "a retry with the same key is the same message", [first, retry]);
  currentKey = "compat-retry-2";
  const next = await keyed.messages.sendText({ phoneNumberId, to: process.env.TO, body: "Booked." });
  check(next.messages[0].id !== first.messages[0].id, "a new key is a new message", [first, next]);

  try {
    await client.messages.sendText({ phoneNumberId, to: process.env.STRANGER, body: "hello?" });
    check(false, "a text outside the window must be refused", null);
  } catch (e) {
    check(e.httpStatus === 400 && e.code === 131047 && typeof e.details === "string", "131047 envelope", e);
  }
  console.log("ok");
})().catch((e) => {
  console.error("FAIL", e && e.stack);
  process.exit(1);
});
