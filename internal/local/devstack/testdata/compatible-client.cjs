// Drives the local gateway with an existing client library of the
// compatible API (@kapso/whatsapp-cloud-api), pointed at the svc base URL,
// and fails (exit 1) on any answer that library cannot take as it comes.
// Run by TestCompatibleClient with BASE, KEY, ZBA and TOOLS set.
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
  const zba = process.env.ZBA;
  const created = await client.templates.create({
    businessAccountId: zba, name: "ported_code", language: "en_US", category: "UTILITY",
    components: [{ type: "BODY", text: "Your order {{1}} has shipped today.", example: { body_text: [["A-1"]] } }],
  });
  check(created.id === zba + "_ported_code_en_US" && created.status === "PENDING", "create", created);

  const list = await client.templates.list({ businessAccountId: zba, limit: 10 });
  check(list.data.length === 1 && list.data[0].name === "ported_code", "list", list);

  const got = await client.templates.get({ businessAccountId: zba, templateId: created.id });
  check(got.zbaId === zba && got.components[0].type === "BODY", "get", got);

  try {
    await client.templates.create({ businessAccountId: zba, name: "Bad Name", language: "en_US", category: "UTILITY",
      components: [{ type: "BODY", text: "x" }] });
    check(false, "an invalid template must be refused", null);
  } catch (e) {
    check(e.httpStatus === 400 && e.code === 100 && typeof e.details === "string", "error envelope", e);
  }

  const del = await client.templates.delete({ businessAccountId: zba, name: "ported_code" });
  check(del.success === true, "delete", del);

  try {
    await client.templates.get({ businessAccountId: zba, templateId: created.id });
    check(false, "a deleted template must be gone", null);
  } catch (e) {
    check(e.httpStatus === 404 && e.code === 100 && e.errorSubcode === 33, "not found envelope", e);
  }
  console.log("ok");
})().catch((e) => {
  console.error("FAIL", e && e.stack);
  process.exit(1);
});
