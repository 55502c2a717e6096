// Sends messages through the local gateway with an existing client library
// of the compatible API (@kapso/whatsapp-cloud-api), pointed at the svc base
// URL: a text inside the window, a template, an image, reply buttons, a
// reaction, a list, a contact card, a location and a mark-as-read, and a
// text outside the window, whose 131047 the library must surface with its
// code. Run by TestCompatibleClientsSend with BASE, KEY, PHONE, TO,
// STRANGER, TOOLS and INBOUND (a message the user wrote, to mark as read)
// set; it prints the free-form sends' ids (IDS
// {"image": ..., ...} and MORE {"interactive": ..., ...}) for the test to
// find what the network got.
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

  const image = await client.messages.sendImage({ phoneNumberId, to: process.env.TO,
    image: { link: "https://acme.example/menu.png", caption: "Today's menu" } });
  check(image.messages.length === 1 && image.messages[0].id.startsWith("svcmid."), "image send", image);
  const buttons = await client.messages.sendInteractiveButtons({ phoneNumberId, to: process.env.TO,
    bodyText: "Confirm your table for 19:30?", footerText: "Acme",
    buttons: [{ id: "confirm", title: "Confirm" }, { id: "cancel", title: "Cancel" }] });
  check(buttons.messages[0].id.startsWith("svcmid."), "reply buttons send", buttons);
  const reaction = await client.messages.sendReaction({ phoneNumberId, to: process.env.TO,
    reaction: { messageId: "wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDQjZC", emoji: "👍" } });
  check(reaction.messages[0].id.startsWith("svcmid."), "reaction send", reaction);
  const read = await client.messages.markRead({ phoneNumberId, messageId: process.env.INBOUND,
    typingIndicator: { type: "text" } });
  check(read && read.success === true, "mark as read", read);
  console.log("IDS " + JSON.stringify({ image: image.messages[0].id, interactive: buttons.messages[0].id, reaction: reaction.messages[0].id }));

  // A list, a contact card and a location, as the library builds them.
  const listMsg = await client.messages.sendInteractiveList({ phoneNumberId, to: process.env.TO,
    bodyText: "Pick a table", buttonText: "Tables", footerText: "Acme",
    sections: [{ title: "Inside", rows: [{ id: "t1", title: "Window", description: "For two" }] },
      { title: "Outside", rows: [{ id: "t2", title: "Terrace" }] }] });
  check(listMsg.messages[0].id.startsWith("svcmid."), "list send", listMsg);
  const contactsMsg = await client.messages.sendContacts({ phoneNumberId, to: process.env.TO,
    contacts: [{ name: { formattedName: "Ann Lee", firstName: "Ann", lastName: "Lee" },
      phones: [{ phone: "+1 555 0100", type: "WORK", waId: "15550100" }], emails: [{ email: "ann@acme.example", type: "WORK" }],
      birthday: "1990-02-28" }] });
  check(contactsMsg.messages[0].id.startsWith("svcmid."), "contacts send", contactsMsg);
  const locationMsg = await client.messages.sendLocation({ phoneNumberId, to: process.env.TO,
    location: { latitude: 52.52, longitude: 13.405, name: "Acme", address: "Rosa-Luxemburg-Str. 1 & 2, Berlin" } });
  check(locationMsg.messages[0].id.startsWith("svcmid."), "location send", locationMsg);
  console.log("MORE " + JSON.stringify({ interactive: listMsg.messages[0].id, contacts: contactsMsg.messages[0].id,
    location: locationMsg.messages[0].id }));

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
